// `tabhost-bench`: the benchmark's measuring commands, apart from the `tabhost` users run; linked as
// release `tabhost` is (Package.swift, `staticRuntimeInRelease`) so its start-up and loading compare.
TabHostBenchCommand.main()
