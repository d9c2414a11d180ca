// The client interface of a live session (see docs/architecture.md).
