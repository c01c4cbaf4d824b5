module github.com/agent-desktop/agent-desktop/clients/go

go 1.19
