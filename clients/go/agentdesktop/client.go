// Package agentdesktop is a client for the agent-desktop CLI: one call = one process = one envelope. The data types
// are generated from the contract's JSON Schema (generated.go); the runner pins the contract version.
package agentdesktop

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

type flagSpec struct {
	flag   string
	syntax string
}

type commandArgv struct {
	positionals []string
	flags       map[string]flagSpec
}

// Envelope is one answer of the CLI; Data holds the command's data, to decode with DecodeData or NewData.
type Envelope struct {
	Version string          `json:"version"`
	Ok      bool            `json:"ok"`
	Command string          `json:"command"`
	Data    json.RawMessage `json:"data,omitempty"`
	Error   *ErrorBody      `json:"error,omitempty"`
}

// ErrorBody is the failure of an error envelope (the union of the schema's error variants).
type ErrorBody struct {
	Code           string                     `json:"code"`
	Message        string                     `json:"message"`
	Suggestion     *string                    `json:"suggestion,omitempty"`
	Recovery       *Recovery                  `json:"recovery,omitempty"`
	Disposition    Disposition                `json:"disposition"`
	PlatformDetail json.RawMessage            `json:"platform_detail,omitempty"`
	Details        map[string]json.RawMessage `json:"details,omitempty"`
}

// Recovery is the structured recovery of a failure whose retry is safe.
type Recovery struct {
	Strategy              string `json:"strategy"`
	Retryable             bool   `json:"retryable"`
	RequiresFreshSnapshot bool   `json:"requires_fresh_snapshot"`
	RetryAfterMs          *int64 `json:"retry_after_ms,omitempty"`
}

// Disposition says what was delivered and whether a retry is safe.
type Disposition struct {
	Delivery string `json:"delivery"`
	Retry    string `json:"retry"`
}

// DecodeData decodes an envelope's data into its command's generated type. A union (one struct per variant) holds
// the variant that fits in its Value; data that fits none is an error. When strict, a field the types do not know,
// at any depth (inside unions too), is an error naming its path.
func DecodeData(envelope Envelope, strict bool) (any, error) {
	if !envelope.Ok {
		return nil, errors.New("an error envelope has no data")
	}
	target := NewData(envelope.Command)
	if target == nil {
		return nil, fmt.Errorf("no data type for command %q", envelope.Command)
	}
	decoder := json.NewDecoder(bytes.NewReader(envelope.Data))
	if strict {
		decoder.DisallowUnknownFields()
	}
	if err := decoder.Decode(target); err != nil {
		return nil, err
	}
	if strict {
		var in, out any
		encoded, err := json.Marshal(target)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(envelope.Data, &in); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(encoded, &out); err != nil {
			return nil, err
		}
		if lost := unknownFields("", in, out); len(lost) > 0 {
			return nil, fmt.Errorf("%s data has fields its type does not know: %s", envelope.Command, strings.Join(lost, ", "))
		}
	}
	return target, nil
}

// Client runs the CLI with a pinned contract version.
type Client struct {
	Contract string            // --contract for every call
	Command  []string          // how to start the CLI, default ["agent-desktop"]
	Env      map[string]string // added to the environment; an empty value removes the variable
	Globals  map[string]any    // global flags by snake_case key (headed, session, ...)
}

func flagArgs(spec flagSpec, value any) []string {
	switch spec.syntax {
	case "switch":
		if value == true {
			return []string{"--" + spec.flag}
		}
		return nil
	case "list":
		var out []string
		if items, ok := value.([]string); ok {
			for _, item := range items {
				out = append(out, fmt.Sprintf("--%s=%s", spec.flag, item))
			}
		}
		return out
	case "xy":
		if point, ok := value.(map[string]float64); ok {
			return []string{fmt.Sprintf("--%s=%v,%v", spec.flag, point["x"], point["y"])}
		}
		return nil
	default:
		return []string{fmt.Sprintf("--%s=%v", spec.flag, value)}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

// Argv is the command line of one call: contract and global flags, the command, its flags, then -- and positionals.
func Argv(contract, command string, args map[string]any, globals map[string]any) ([]string, error) {
	spec, ok := argvSpec[command]
	if !ok {
		return nil, fmt.Errorf("unknown command %q", command)
	}
	out := []string{"--contract", contract}
	for _, key := range sortedKeys(globals) {
		flag, ok := globalArgv[key]
		if !ok {
			return nil, fmt.Errorf("unknown global flag %q", key)
		}
		out = append(out, flagArgs(flag, globals[key])...)
	}
	out = append(out, command)
	positional := map[string]bool{}
	for _, key := range spec.positionals {
		positional[key] = true
	}
	for _, key := range sortedKeys(args) {
		flag, isFlag := spec.flags[key]
		if !isFlag && !positional[key] {
			return nil, fmt.Errorf("%s takes no argument %s", command, key)
		}
		if isFlag {
			out = append(out, flagArgs(flag, args[key])...)
		}
	}
	var positionals []string
	for _, key := range spec.positionals {
		if value, ok := args[key]; ok && value != nil {
			positionals = append(positionals, fmt.Sprint(value))
		}
	}
	if len(positionals) > 0 {
		out = append(append(out, "--"), positionals...)
	}
	return out, nil
}

// Run runs one command and returns its envelope.
func (c Client) Run(command string, args map[string]any) (Envelope, error) {
	argv, err := Argv(c.Contract, command, args, c.Globals)
	if err != nil {
		return Envelope{}, err
	}
	start := c.Command
	if len(start) == 0 {
		start = []string{"agent-desktop"}
	}
	cmd := exec.Command(start[0], append(append([]string{}, start[1:]...), argv...)...)
	env := []string{}
	for _, entry := range os.Environ() {
		if _, overridden := c.Env[strings.SplitN(entry, "=", 2)[0]]; !overridden {
			env = append(env, entry)
		}
	}
	for key, value := range c.Env {
		if value != "" {
			env = append(env, key+"="+value)
		}
	}
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	code := cmd.ProcessState.ExitCode()
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	if code < 0 || code > 2 || len(lines) != 1 || lines[0] == "" {
		return Envelope{}, fmt.Errorf("agent-desktop %s gave no envelope (exit %d, %v): %s", command, code, runErr, stderr.String())
	}
	var envelope Envelope
	if err := json.Unmarshal([]byte(lines[0]), &envelope); err != nil {
		return Envelope{}, fmt.Errorf("agent-desktop %s printed something that is not an envelope: %w", command, err)
	}
	return envelope, nil
}

// FollowRecovery runs a command and follows its failure's recovery only when disposition.retry is "safe": it waits
// retry_after_ms and, when a fresh snapshot is required, asks refresh for the arguments to retry with (nil stops).
func FollowRecovery(c Client, command string, args map[string]any, refresh func(Envelope) map[string]any, maxAttempts int) ([]Envelope, error) {
	if maxAttempts < 1 {
		maxAttempts = 2
	}
	var attempts []Envelope
	for {
		envelope, err := c.Run(command, args)
		if err != nil {
			return attempts, err
		}
		attempts = append(attempts, envelope)
		if envelope.Ok || envelope.Error == nil || envelope.Error.Disposition.Retry != "safe" || envelope.Error.Recovery == nil || !envelope.Error.Recovery.Retryable || len(attempts) >= maxAttempts {
			return attempts, nil
		}
		if delay := envelope.Error.Recovery.RetryAfterMs; delay != nil {
			time.Sleep(time.Duration(*delay) * time.Millisecond)
		}
		if envelope.Error.Recovery.RequiresFreshSnapshot {
			if refresh == nil {
				return attempts, nil
			}
			if args = refresh(envelope); args == nil {
				return attempts, nil
			}
		}
	}
}
