package agentdesktop

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var repo = filepath.Join("..", "..", "..")

func fixtures(t *testing.T, version string) map[string]Envelope {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repo, "contracts", "fixtures", version, "valid", "*.json"))
	if err != nil || len(files) < 40 {
		t.Fatalf("fixtures of %s: %v (%d files)", version, err, len(files))
	}
	out := map[string]Envelope{}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var envelope Envelope
		if err := json.Unmarshal(raw, &envelope); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out[filepath.Base(file)] = envelope
	}
	return out
}

func TestEveryValidFixtureDecodesStrictlyIntoItsCommandType(t *testing.T) {
	for name, envelope := range fixtures(t, ContractVersion) {
		if !envelope.Ok {
			if envelope.Error == nil || envelope.Error.Code == "" || envelope.Error.Disposition.Retry == "" {
				t.Errorf("%s: error envelope without code or disposition", name)
			}
			continue
		}
		if _, err := DecodeData(envelope, true); err != nil {
			t.Errorf("%s (%s): %v", name, envelope.Command, err)
		}
	}
}

func TestSnapshotDataIsTyped(t *testing.T) {
	data, err := DecodeData(fixtures(t, ContractVersion)["snapshot.json"], true)
	if err != nil {
		t.Fatal(err)
	}
	snapshot, ok := data.(*SnapshotData).Value.(*SnapshotDataComplete)
	if !ok || snapshot.SnapshotID == "" || snapshot.Tree == nil || !snapshot.Complete {
		t.Fatalf("snapshot data %#v", data)
	}
	partial, err := DecodeData(fixtures(t, ContractVersion)["snapshot-partial.json"], true)
	if err != nil {
		t.Fatal(err)
	}
	if cut, ok := partial.(*SnapshotData).Value.(*SnapshotDataTruncated); !ok || cut.Complete || !cut.Truncated {
		t.Fatalf("partial snapshot data %#v", partial.(*SnapshotData).Value)
	}
}

func decodeJSON(t *testing.T, command, data string) (any, error) {
	t.Helper()
	return DecodeData(Envelope{Version: ContractVersion, Ok: true, Command: command, Data: json.RawMessage(data)}, true)
}

func TestUnionsDecodeOneStructPerVariant(t *testing.T) {
	cases := []struct {
		command, data string
		check         func(any) bool
	}{
		{"find", `{"count":3}`, func(d any) bool { v, ok := d.(*FindData).Value.(*FindDataCount); return ok && v.Count == 3 }},
		{"find", `{"match":null}`, func(d any) bool { _, ok := d.(*FindData).Value.(*FindDataMatch); return ok }},
		{"find", `{"matches":[],"total_matches":0,"truncated":false}`, func(d any) bool { _, ok := d.(*FindData).Value.(*FindDataMatches); return ok }},
		{"clipboard-get", `{"type":"text","text":"hi"}`, func(d any) bool {
			v, ok := d.(*ClipboardGetData).Value.(*ClipboardGetDataText)
			return ok && v.Text == "hi"
		}},
		{"clipboard-get", `{"type":"file_urls","file_urls":["file:///a"]}`, func(d any) bool { _, ok := d.(*ClipboardGetData).Value.(*ClipboardGetDataFileUrls); return ok }},
		{"click", `{"action":"click","disposition":{"delivery":"not_delivered","retry":"safe"}}`, func(d any) bool {
			v, ok := d.(*ClickData).Value.(*ActionResult)
			if !ok {
				return false
			}
			_, safe := v.Disposition.Value.(*SuccessDispositionSafe)
			return safe
		}},
	}
	for _, c := range cases {
		data, err := decodeJSON(t, c.command, c.data)
		if err != nil || !c.check(data) {
			t.Errorf("%s %s: %#v %v", c.command, c.data, data, err)
		}
	}
}

func TestDataThatFitsNoVariantOrHasUnknownFieldsIsRefused(t *testing.T) {
	for command, data := range map[string]string{
		"find":          `{"total_matches":1}`,
		"clipboard-get": `{"type":"video","bytes":1}`,
		"click":         `{"action":"click","disposition":{"delivery":"unknown","retry":"unknown"}}`,
	} {
		if _, err := decodeJSON(t, command, data); err == nil || !strings.Contains(err.Error(), "fits none of its variants") {
			t.Errorf("%s %s: %v", command, data, err)
		}
	}
	_, err := decodeJSON(t, "find", `{"count":1,"colour":"red"}`)
	if err == nil || !strings.Contains(err.Error(), "/colour") {
		t.Errorf("unknown field inside a union variant: %v", err)
	}
}

func TestArgvPutsPositionalsAfterDoubleDash(t *testing.T) {
	argv, err := Argv("2.7", "type", map[string]any{"ref_id": "@s1:e2", "text": "--not-a-flag", "timeout_ms": 0}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"--contract", "2.7", "type", "--timeout-ms=0", "--", "@s1:e2", "--not-a-flag"}
	if !reflect.DeepEqual(argv, want) {
		t.Fatalf("argv %q, want %q", argv, want)
	}
	if _, err := Argv("2.7", "click", map[string]any{"ref_id": "@s1:e1", "nope": 1}, nil); err == nil {
		t.Fatal("an unknown argument was accepted")
	}
}

func liveClient(t *testing.T, contract string) Client {
	t.Helper()
	node, err := exec.LookPath("node")
	bin, _ := filepath.Abs(filepath.Join(repo, "apps", "cli", "bin", "agent-desktop.js"))
	// The bin requires the bundle (dist/agent-desktop.cjs): a bin that runs is a built CLI.
	if err == nil && exec.Command(node, bin, "--version").Run() != nil {
		err = os.ErrNotExist
	}
	if err != nil {
		t.Skip("needs node and the built CLI (apps/cli)")
	}
	return Client{Contract: contract, Command: []string{node, bin}, Env: map[string]string{
		"AGENT_DESKTOP_HOME": t.TempDir(), "DBUS_SESSION_BUS_ADDRESS": "", "AT_SPI_BUS_ADDRESS": "", "DISPLAY": "", "AGENT_DESKTOP_CONTRACT": "",
	}}
}

func TestLiveOutputDecodes(t *testing.T) {
	client := liveClient(t, "2.7")
	version, err := client.Run("version", nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := DecodeData(version, true)
	if err != nil {
		t.Fatal(err)
	}
	if contracts := data.(*VersionData).Contracts; len(contracts) != 7 {
		t.Fatalf("contracts %v", contracts)
	}
	status, err := client.Run("status", nil)
	if err != nil || !status.Ok {
		t.Fatalf("status %+v %v", status, err)
	}
	if _, err := DecodeData(status, true); err != nil {
		t.Fatal(err)
	}
	typed, err := client.Run("type", map[string]any{"ref_id": "@s0abc:e1", "text": "--hedaed"})
	if err != nil || typed.Ok || typed.Error.Code != "SNAPSHOT_NOT_FOUND" {
		t.Fatalf("type %+v %v", typed, err)
	}
	pinned, err := liveClient(t, "2.3").Run("version", nil)
	if err != nil || pinned.Version != "2.3" {
		t.Fatalf("pinned %+v %v", pinned, err)
	}
}

func TestFollowRecoveryRetriesOnlyWhenSafe(t *testing.T) {
	client := liveClient(t, "2.7")
	var seen []string
	attempts, err := FollowRecovery(client, "click", map[string]any{"ref_id": "@s0abc:e1"}, func(failure Envelope) map[string]any {
		seen = append(seen, failure.Error.Code)
		return map[string]any{"ref_id": "@s0abd:e1"}
	}, 2)
	if err != nil || len(attempts) != 2 || !reflect.DeepEqual(seen, []string{"SNAPSHOT_NOT_FOUND"}) {
		t.Fatalf("attempts %d, seen %v, %v", len(attempts), seen, err)
	}
	bare, err := FollowRecovery(client, "click", map[string]any{"ref_id": "@e1"}, func(Envelope) map[string]any {
		t.Fatal("refresh called for a failure without recovery")
		return nil
	}, 2)
	if err != nil || len(bare) != 1 || bare[0].Error.Code != "INVALID_ARGS" {
		t.Fatalf("bare %+v %v", bare, err)
	}
}

func TestGeneratedFileIsCurrent(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("needs python3 for the generator")
	}
	out, err := exec.Command(python, filepath.Join("..", "generate.py"), "--check").CombinedOutput()
	if err != nil {
		t.Fatalf("generated.go is stale: %s", out)
	}
}

// TestDesktopOutputDecodes runs the CLI on the project's virtual desktop (a real GTK app, started by
// clients/desktop-host.mjs) and decodes a snapshot and a click strictly.
func TestDesktopOutputDecodes(t *testing.T) {
	node, err := exec.LookPath("node")
	host, _ := filepath.Abs(filepath.Join(repo, "clients", "desktop-host.mjs"))
	if _, statErr := os.Stat(filepath.Join(repo, "tools", "desktop", "dist", "index.js")); err != nil || statErr != nil {
		t.Skip("needs node and the built virtual desktop (tools/desktop)")
	}
	client := liveClient(t, "2.7")
	cmd := exec.Command(node, host)
	cmd.Dir, _ = filepath.Abs(repo)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	var started struct {
		Env map[string]string `json:"env"`
	}
	if err := json.NewDecoder(stdout).Decode(&started); err != nil {
		t.Fatalf("the virtual desktop did not start: %v", err)
	}
	for key, value := range started.Env {
		client.Env[key] = value
	}
	snapshot, err := client.Run("snapshot", map[string]any{"app": "fixture", "interactive_only": true, "timeout_ms": 10000})
	if err != nil || !snapshot.Ok {
		t.Fatalf("snapshot %+v %v", snapshot, err)
	}
	data, err := DecodeData(snapshot, true)
	if err != nil {
		t.Fatal(err)
	}
	var button *SnapshotNode
	var walk func(node *SnapshotNode)
	walk = func(node *SnapshotNode) {
		if node.Role == "button" && node.Name != nil && strings.HasPrefix(*node.Name, "clicks:") && button == nil {
			button = node
		}
		for i := range node.Children {
			walk(&node.Children[i])
		}
	}
	// The root is a SnapshotRoot (2.7: it always names its source); the nodes below it are SnapshotNodes.
	root := data.(*SnapshotData).Value.(*SnapshotDataComplete).Tree
	if root.Source != "atspi" {
		t.Fatalf("the fixture's tree root names source %q, not atspi", root.Source)
	}
	for i := range root.Children {
		walk(&root.Children[i])
	}
	if button == nil || button.RefID == nil {
		t.Fatal("no clicks button with a ref in the fixture's snapshot")
	}
	click, err := client.Run("click", map[string]any{"ref_id": *button.RefID})
	if err != nil || !click.Ok {
		t.Fatalf("click %+v %v", click, err)
	}
	if _, err := DecodeData(click, true); err != nil {
		t.Fatal(err)
	}
}
