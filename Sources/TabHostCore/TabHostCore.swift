// The live session (see docs/architecture.md).
