package agentdesktop

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// variant is how a generated union recognises one of its variants: the required keys, the constants its
// discriminating keys hold (compact JSON), the keys it must not have, and how to decode it.
type variant struct {
	name      string
	required  []string
	consts    map[string]string
	forbidden []string
	decode    func([]byte) (any, error)
}

func (v variant) fits(fields map[string]json.RawMessage) bool {
	for _, key := range v.required {
		if _, ok := fields[key]; !ok {
			return false
		}
	}
	for _, key := range v.forbidden {
		if _, ok := fields[key]; ok {
			return false
		}
	}
	for key, want := range v.consts {
		got, ok := fields[key]
		if !ok {
			continue // an optional constant; a required one is in required
		}
		var compact bytes.Buffer
		if json.Compact(&compact, got) != nil || compact.String() != want {
			return false
		}
	}
	return true
}

func decodeAs[T any](raw []byte) (any, error) {
	value := new(T)
	if err := json.Unmarshal(raw, value); err != nil {
		return nil, err
	}
	return value, nil
}

// pickVariant decodes raw as the variant that fits it best: one that keeps every field (variants alike at the top can
// differ below, as wait's window event and its changed event do), then the most specific (most required keys), then
// the first. A union whose object fits none of its variants is an error naming them.
func pickVariant(union string, raw []byte, variants []variant) (any, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("%s: %w", union, err)
	}
	var in any
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, fmt.Errorf("%s: %w", union, err)
	}
	best := -1
	var value any
	var failures []string
	for _, v := range variants {
		if !v.fits(fields) {
			continue
		}
		decoded, err := v.decode(raw)
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", v.name, err))
			continue
		}
		score := len(v.required)
		if keepsEveryField(in, decoded) {
			score += 1 << 16
		}
		if score > best {
			best, value = score, decoded
		}
	}
	if value == nil {
		names := make([]string, len(variants))
		for i, v := range variants {
			names[i] = v.name
		}
		reason := ""
		if len(failures) > 0 {
			reason = " (" + strings.Join(failures, "; ") + ")"
		}
		return nil, fmt.Errorf("%s fits none of its variants %s%s", union, strings.Join(names, ", "), reason)
	}
	return value, nil
}

// keepsEveryField says whether decoded, encoded again, still holds every key of in.
func keepsEveryField(in, decoded any) bool {
	encoded, err := json.Marshal(decoded)
	if err != nil {
		return false
	}
	var out any
	if json.Unmarshal(encoded, &out) != nil {
		return false
	}
	return len(unknownFields("", in, out)) == 0
}

// unknownFields lists the keys of in (decoded JSON) that out (the same value decoded into the generated types and
// encoded again) lost: the fields the types do not know. Empty arrays and objects that omitempty dropped are not
// unknown.
func unknownFields(path string, in, out any) []string {
	inMap, ok := in.(map[string]any)
	if ok {
		outMap, _ := out.(map[string]any)
		var lost []string
		keys := make([]string, 0, len(inMap))
		for key := range inMap {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			value := inMap[key]
			kept, present := outMap[key]
			if !present {
				if isEmpty(value) {
					continue
				}
				lost = append(lost, path+"/"+key)
				continue
			}
			lost = append(lost, unknownFields(path+"/"+key, value, kept)...)
		}
		return lost
	}
	if inList, ok := in.([]any); ok {
		outList, _ := out.([]any)
		var lost []string
		for i, item := range inList {
			if i < len(outList) {
				lost = append(lost, unknownFields(fmt.Sprintf("%s/%d", path, i), item, outList[i])...)
			}
		}
		return lost
	}
	return nil
}

func isEmpty(value any) bool {
	switch v := value.(type) {
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}
