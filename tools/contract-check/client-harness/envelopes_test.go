// Parses agent-desktop envelopes with quicktype's Go output (package agentdesktop, standard library only). The test
// copies this file beside the generated agentdesktop.go with dispatch_test.go, which it writes from the client
// schema: envelopeDecoders maps each command to its Unmarshal<Command>Envelope, errorBodyDecoders each error code to
// its Unmarshal<Code>ErrorBody. AGENT_DESKTOP_ENVELOPES names an NDJSON file of envelopes.
package agentdesktop

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"
)

type decoder func([]byte) (interface{}, error)

func decodeErrorEnvelope(raw []byte) (interface{}, error) {
	value, err := UnmarshalErrorEnvelope(raw)
	return value, err
}

// inventedAt is the first path where the value the types wrote back holds something the input does not (null and
// absent are alike: Go writes an unset interface{} field as null).
func inventedAt(written, original interface{}, path string) string {
	switch w := written.(type) {
	case nil:
		return ""
	case map[string]interface{}:
		o, ok := original.(map[string]interface{})
		if !ok {
			return path
		}
		for key, value := range w {
			if at := inventedAt(value, o[key], path+"."+key); at != "" {
				return at
			}
		}
		return ""
	case []interface{}:
		o, ok := original.([]interface{})
		if !ok || len(o) != len(w) {
			return path
		}
		for i := range w {
			if at := inventedAt(w[i], o[i], fmt.Sprintf("%s[%d]", path, i)); at != "" {
				return at
			}
		}
		return ""
	default:
		if !reflect.DeepEqual(written, original) {
			return path
		}
		return ""
	}
}

// roundTrip decodes raw, writes the value back and reports what the types invented.
func roundTrip(decode decoder, raw []byte) (interface{}, []string) {
	value, err := decode(raw)
	if err != nil {
		return nil, []string{err.Error()}
	}
	out, err := json.Marshal(value)
	if err != nil {
		return value, []string{"cannot write back: " + err.Error()}
	}
	var written, original interface{}
	_ = json.Unmarshal(out, &written)
	_ = json.Unmarshal(raw, &original)
	if at := inventedAt(written, original, "$"); at != "" {
		return value, []string{"wrote back what the input does not hold at " + at}
	}
	return value, nil
}

type head struct {
	Ok      bool            `json:"ok"`
	Command string          `json:"command"`
	Data    json.RawMessage `json:"data"`
	Error   json.RawMessage `json:"error"`
}

// problems of one envelope: it decodes into its command's type (ErrorEnvelope for a failure) and its error body into
// its code's type, nothing is invented on the way back, a corrupted copy is refused, and typed fields hold the values.
// encoding/json does not check string enums, so a body of another code is not refused: pick the type by `code`.
func problems(raw []byte) []string {
	var h head
	if err := json.Unmarshal(raw, &h); err != nil {
		return []string{err.Error()}
	}
	decode := decoder(decodeErrorEnvelope)
	part := h.Error
	if h.Ok {
		decode, part = envelopeDecoders[h.Command], h.Data
	}
	if decode == nil {
		return []string{"no envelope type for command " + h.Command}
	}
	value, found := roundTrip(decode, raw)
	if _, err := decode(bytes.Replace(raw, part, []byte(`"not an object"`), 1)); err == nil {
		found = append(found, "a corrupted envelope decoded")
	}
	if snapshot, ok := value.(SnapshotEnvelope); ok {
		var data struct {
			SnapshotID string `json:"snapshot_id"`
		}
		_ = json.Unmarshal(h.Data, &data)
		if snapshot.Data.SnapshotID != data.SnapshotID {
			found = append(found, fmt.Sprintf("snapshot_id %q read as %q", data.SnapshotID, snapshot.Data.SnapshotID))
		}
	}
	if h.Ok {
		return found
	}
	var body struct {
		Code     string `json:"code"`
		Recovery *struct {
			RetryAfterMS *int64 `json:"retry_after_ms"`
		} `json:"recovery"`
	}
	_ = json.Unmarshal(h.Error, &body)
	decodeBody := errorBodyDecoders[body.Code]
	if decodeBody == nil {
		return append(found, "no error body type for code "+body.Code)
	}
	typed, more := roundTrip(decodeBody, h.Error)
	found = append(found, more...)
	if timeout, ok := typed.(TimeoutErrorBody); ok && body.Recovery != nil && (timeout.Recovery == nil || !reflect.DeepEqual(timeout.Recovery.RetryAfterMS, body.Recovery.RetryAfterMS)) {
		found = append(found, "retry_after_ms not read")
	}
	return found
}

func TestParsesEveryEnvelope(t *testing.T) {
	file, err := os.Open(os.Getenv("AGENT_DESKTOP_ENVELOPES"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	scanner := bufio.NewScanner(file)
	scanner.Buffer(make([]byte, 1<<20), 16<<20)
	parsed := 0
	for line := 1; scanner.Scan(); line++ {
		raw := bytes.TrimSpace(scanner.Bytes())
		if len(raw) == 0 {
			continue
		}
		if found := problems(raw); len(found) > 0 {
			t.Errorf("line %d: %v", line, found)
		} else {
			parsed++
		}
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("parsed %d envelopes\n", parsed)
}
