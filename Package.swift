// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// Warnings are errors for this package's own targets only (not its dependencies). Their release code
/// reaches the metadata of a concrete generic type (a dictionary keyed by `Int32`, a set of strings)
/// through its accessor rather than by demangling its name: the runtime then needs no conformance
/// lookup for the key, whose first one per type scans every conformance record of the binary on the
/// way to a warm start's first frame (docs/contributing/performance-history.md, session 30).
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release)),
]
let strictC: [CSetting] = [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]

/// The Swift runtime directory of the toolchain building this package, recorded in `_CIsolation`
/// (`tabhost_isolation_swift_runtime_directory()`): a Swift module's RUNPATH names it, and the sandbox
/// lets a module read it. It is read here because a release `tabhost` links its runtime statically and
/// cannot find it at run time. The manifest runs on that toolchain's shared libraries, so the
/// directory of the first `lib/swift/linux` library in its own map is the one.
let swiftRuntimeDirectory: String? = {
    guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
    for line in maps.split(separator: "\n") {
        guard let slash = line.firstIndex(of: "/") else { continue }
        let path = line[slash...]
        guard path.hasSuffix(".so"), let last = path.lastIndex(of: "/") else { continue }
        let directory = path[..<last]
        if directory.hasSuffix("/lib/swift/linux") && !directory.contains("\"") { return String(directory) }
    }
    return nil
}()
let runtimeDirectoryDefine: [CSetting] = swiftRuntimeDirectory.map { [.define("TABHOST_SWIFT_RUNTIME_DIR", to: "\"\($0)\"")] } ?? []

/// Example modules (and what they link: CTabModule, TabModuleKit) are built without sanitizer
/// instrumentation even by `swift build --sanitize=…`: the module host child links with `-static-stdlib`,
/// whose `--exclude-libs ALL` keeps the sanitizer runtime's symbols out of its dynamic table, so an
/// instrumented module could not be loaded there. They run uninstrumented, as third-party modules do;
/// Scripts/leak-check builds the C ones instrumented.
let uninstrumentedC: [CSetting] = [.unsafeFlags(["-fno-sanitize=all"])]
let uninstrumentedSwift: [SwiftSetting] = [.unsafeFlags(["-sanitize="])]

/// Release `tabhost` carries the Swift runtime and FoundationEssentials inside it (`-static-stdlib`; the
/// archives FoundationEssentials needs are named, since swiftc's static list leaves them out): no
/// libraries to map and no symbols to bind across them before `main`, which shortens every start, a
/// short command such as `tabhost --help` most visibly (figures in docs/contributing/performance-history.md).
/// Swift modules that run in process bring the shared runtime with them, as they do in the module host child;
/// only C types cross the module ABI, and `--no-export-dynamic` (after the `-export-dynamic` of swiftc's
/// static list) leaves the host exporting nothing their lookups could bind to. Debug builds (the test
/// runs, the sanitizer passes) stay dynamic. `tabhost-bench` is linked the same way, so what it measures
/// in process compares with `tabhost`.
let staticRuntimeInRelease: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-stdlib", "-Xlinker", "--start-group", "-lFoundationEssentials", "-l_FoundationCollections",
            "-l_FoundationCShims", "-Xlinker", "--end-group", "-Xlinker", "--no-export-dynamic",
        ],
        .when(configuration: .release))
]

/// An example module written in C: a dynamic library product built from Plugins/NAME.
func cModule(_ product: String, _ folder: String) -> (Product, Target) {
    (
        .library(name: product, type: .dynamic, targets: [product]),
        .target(
            name: product, dependencies: ["CTabModule"], path: "Plugins/\(folder)", resources: [.copy("assets")], publicHeadersPath: ".",
            cSettings: strictC + uninstrumentedC)
    )
}

/// An example module written in Swift through TabModuleKit.
func swiftModule(_ product: String, _ folder: String) -> (Product, Target) {
    (
        .library(name: product, type: .dynamic, targets: [product]),
        .target(
            name: product, dependencies: ["TabModuleKit"], path: "Plugins/\(folder)", resources: [.copy("assets")],
            swiftSettings: strict + uninstrumentedSwift)
    )
}

let examples: [(Product, Target)] = [
    cModule("TabExampleAccounts", "Accounts"),
    cModule("TabExampleFavourites", "Favourites"),
    cModule("TabExampleAccountMore", "AccountMore"),
    cModule("TabExampleDetail", "Detail"),
    cModule("TabExampleClock", "Clock"),
    cModule("TabExampleLauncher", "Launcher"),
    cModule("TabExampleFancyBar", "FancyBar"),
    cModule("TabExampleTimeline", "Timeline"),
    cModule("TabExampleCompose", "Compose"),
    cModule("TabExampleSearch", "Search"),
    cModule("TabExampleSettings", "Settings"),
    cModule("TabExampleDownloads", "Downloads"),
    cModule("TabExampleFollowers", "Followers"),
    swiftModule("TabExampleCounter", "Counter"),
]

let package = Package(
    name: "TabHost",
    products: [
        .executable(name: "tabhost", targets: ["tabhost"]),
        .executable(name: "tabhost-web", targets: ["tabhost-web"]),
        .executable(name: "tabhost-bundle", targets: ["tabhost-bundle"]),
        .executable(name: "tabhost-module-host", targets: ["tabhost-module-host"]),
        .library(name: "TabKit", targets: ["TabKit"]),
        .library(name: "TabLayout", targets: ["TabLayout"]),
        .library(name: "TabModuleLoading", targets: ["TabModuleLoading"]),
        .library(name: "TabModuleRuntime", targets: ["TabModuleRuntime"]),
        .library(name: "TabModuleIsolation", targets: ["TabModuleIsolation"]),
        .library(name: "TabModuleBundle", targets: ["TabModuleBundle"]),
        .library(name: "TabModuleBundleArchive", targets: ["TabModuleBundleArchive"]),
        .library(name: "TabModuleKit", targets: ["TabModuleKit"]),
        .library(name: "TabModuleTesting", targets: ["TabModuleTesting"]),
        .library(name: "TabHostLoop", targets: ["TabHostLoop"]),
        .library(name: "TabHostPoll", targets: ["TabHostPoll"]),
        .library(name: "TabHostClient", targets: ["TabHostClient"]),
        .library(name: "TabHostCore", targets: ["TabHostCore"]),
        .library(name: "TabHostDev", targets: ["TabHostDev"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
    ] + examples.map(\.0),
    dependencies: [
        // Exactly this version: the commands `tabhost` parses directly (list, inspect, run) set
        // `_superCommandName`, an underscored API that a minor release may change or remove.
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // The public module ABI: a header-only C target third parties compile against.
        .target(name: "CTabModule", cSettings: uninstrumentedC),
        // libltdl behind a prefixed, locked shim: the only place that opens images.
        .target(name: "_CLtdl", cSettings: strictC, linkerSettings: [.linkedLibrary("ltdl")]),
        // Terminal and signal plumbing that must be async-signal-safe C.
        .target(name: "_CTerminalShims", cSettings: strictC),
        // Descriptor plumbing for the host core (eventfd), close-on-exec always.
        .target(name: "_CHostShims", cSettings: strictC),
        // The wire protocol between the host and its module children, and starting a child.
        .target(name: "_CIsolation", cSettings: strictC + runtimeDirectoryDefine),
        // The kernel sandbox a module's child applies to itself before it loads the module (with --sandbox on).
        .target(name: "_CSandbox", cSettings: strictC),
        // The module child as a library (its loop, the host API, the request decoder, the scanner), which
        // the executable below runs and the fuzzer and the leak check link.
        .target(
            name: "_CModuleHost", dependencies: ["_CIsolation", "_CLtdl", "_CSandbox", "CTabModule"],
            cSettings: strictC + [.unsafeFlags(["-fvisibility=hidden"])]),
        // The child process that runs one module (isolation): C, so a C module pays for no Swift runtime.
        .executableTarget(
            name: "tabhost-module-host", dependencies: ["_CModuleHost"],
            cSettings: strictC + [.unsafeFlags(["-fvisibility=hidden"])],
            // SwiftPM links through swiftc, which adds libswiftCore; with the static library and the two
            // stubs in swiftrt_stubs.c no Swift runtime is linked or mapped at all.
            // The file calls of tabhost_file_denials.c are exported, so a module's calls resolve to them first.
            // Linker/ModuleHost comes first on the search path: libstdc++ and libm are linked only if used,
            // and libltdl is linked in (libltdl.a), one library fewer for every fork to map.
            // Bound at start (`-z now`): the scanner's fork server then binds its calls once, and no file's
            // process forked from it looks them up again the first time it makes them.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-L", Context.packageDirectory + "/Linker/ModuleHost", "-Xlinker", "-z", "-Xlinker", "now"]
                        + ["open", "open64", "openat", "openat64", "fopen", "fopen64", "opendir", "mkdir", "unlink"].flatMap {
                            ["-Xlinker", "--export-dynamic-symbol=\($0)"]
                        })
            ]),
        .target(name: "TabKit", swiftSettings: strict),
        // LockedValue: the package's lock, a pthread mutex ThreadSanitizer sees (not Synchronization's Mutex).
        .target(name: "TabHostConcurrency", swiftSettings: strict),
        // The event loop's protocol alone, so every target that schedules work names no implementation.
        .target(name: "TabHostLoop", swiftSettings: strict),
        // The event loop on poll(2) and an eventfd: the one implementation of TabHostLoop.
        .target(
            name: "TabHostPoll",
            dependencies: ["TabHostLoop", "TabHostConcurrency", "_CHostShims", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),
        // The layout file: a JSON parser with line:col, and the builder of a TabKit tree from it.
        .target(name: "TabLayout", dependencies: ["TabKit"], swiftSettings: strict),
        // Module files: discovery, checks, private copies, libltdl, descriptor validation, the registry and
        // the metadata cache. Reaches a scanner child only through `ModuleFileScanning`, which it owns.
        .target(
            name: "TabModuleLoading",
            dependencies: [
                "TabHostConcurrency", "_CLtdl", "CTabModule",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // Live modules: instances behind `ModuleInstance`, the in-process instance, controllers, ticks and
        // hot reload.
        .target(
            name: "TabModuleRuntime",
            dependencies: [
                "TabModuleLoading", "TabKit", "TabHostConcurrency", "CTabModule", "_CIsolation", "_CBundleShims",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // Modules in child processes: the wire protocol, out-of-process instances, crash and hang handling,
        // the scanner child.
        .target(
            name: "TabModuleIsolation",
            dependencies: [
                "TabModuleRuntime", "TabModuleLoading", "TabKit", "TabHostLoop", "TabHostConcurrency", "CTabModule", "_CIsolation",
                "_CSandbox", .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // What a front end sees of a live session: the screen it publishes and the handle to reach it.
        .target(name: "TabHostClient", dependencies: ["TabKit", "TabHostLoop"], swiftSettings: strict),
        // The live session: model, module runtime, hot reload, ticks, state, log, on one loop thread.
        .target(
            name: "TabHostCore",
            dependencies: [
                "TabKit", "TabLayout", "TabModuleLoading", "TabModuleRuntime", "TabModuleIsolation", "TabHostLoop", "TabHostPoll",
                "TabHostClient", "TabHostConcurrency", "_CHostShims",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // The module author's loop (`tabhost dev`): build, watch the sources, reload; knows no front end.
        .target(
            name: "TabHostDev",
            dependencies: [
                "TabHostCore", "TabHostClient", "TabHostLoop", "TabKit", "TabModuleLoading", "TabModuleRuntime", "_CDevShims",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // `tabhost test`: .tabtest scripts run against a module in its real sandboxed child, the terminal renderer in
        // memory, a test clock for its timers; TAP, JUnit and text snapshots with style runs.
        .target(
            name: "TabHostScriptTesting",
            dependencies: [
                "TabHostCore", "TabHostDev", "TabHostPoll", "TabHostConcurrency", "TabKit", "TabModuleIsolation", "TabModuleLoading",
                "TabModuleRuntime", "TerminalUI",
            ],
            swiftSettings: strict),
        // libcurl behind one function (its setopt is variadic): HTTPS downloads for install and update.
        .target(name: "_CCurlShims", cSettings: strictC, linkerSettings: [.linkedLibrary("curl")]),
        // HTTPS downloads (libcurl): https only, the system's CA store or SSL_CERT_FILE, a size limit as bytes arrive.
        .target(name: "TabModuleDownload", dependencies: ["_CCurlShims"], swiftSettings: strict),
        // renameat2 (RENAME_EXCHANGE, RENAME_NOREPLACE) for placing installed bundles atomically.
        .target(name: "_CBundleShims", cSettings: strictC),
        // The build process's pipe for `tabhost dev` (pipe2, close-on-exec).
        .target(name: "_CDevShims", cSettings: strictC),
        // libsodium and libarchive as system libraries, imported by TabModuleBundle alone (signatures, hashes, archives).
        .systemLibrary(name: "_CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "_CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // Signed module bundles (`.tabmod`), the part without archives: minisign keys and signatures, the manifest,
        // SHA-256. Links libsodium (no further libraries), so `tabhost keygen` costs every start one small library.
        .target(
            name: "TabModuleBundle",
            dependencies: ["TabModuleLoading", "_CSodium", "_CBundleShims", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),
        // The archives: the reader that stages a `.tabmod` and refuses hostile entries, the verifier (archive, signature,
        // files), the writer and signer for `pack`. Apart because libarchive maps libxml2, ICU and libstdc++ at start:
        // whatever links this should not be on `tabhost`'s start path (an executable of its own, as `tabhost-web`).
        .target(
            name: "TabModuleBundleArchive",
            dependencies: ["TabModuleBundle", "_CArchive", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),
        // Linked into Swift modules only, so built as they are (uninstrumented).
        .target(name: "TabModuleKit", dependencies: ["CTabModule"], swiftSettings: strict + uninstrumentedSwift),
        // Module authors' tests drive their module through the installed `tabhost test-drive`: no host dependency.
        .target(name: "TabModuleTesting", swiftSettings: strict),
        .target(
            name: "TerminalUI",
            dependencies: [
                "TabKit", "TabHostClient", "TabHostLoop", "_CTerminalShims", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // What a browser and the server say to each other (JSON over the WebSocket), without the server: fuzzed alone.
        .target(name: "TabHostWebProtocol", dependencies: ["TabKit"], swiftSettings: strict),
        // Debian's OpenSSL 3 (libssl-dev) for the browser front end's TLS; only _CTLSShims includes it.
        .systemLibrary(name: "_COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        // TLS over memory BIOs behind a prefixed shim (no OpenSSL type reaches Swift): `tabhost serve --tls-cert`.
        .target(name: "_CTLSShims", dependencies: ["_COpenSSL"], cSettings: strictC),
        // The browser front end: an HTTP + WebSocket server (Hummingbird) and a static page embedded at build time.
        .target(
            name: "TabHostWeb",
            dependencies: [
                "TabKit", "TabHostClient", "TabHostLoop", "TabHostConcurrency", "TabHostWebProtocol", "_CTLSShims",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Page"],
            swiftSettings: strict,
            plugins: ["EmbedPage"]),
        // Every command of the `tabhost` command line; the browser front end only through the injected
        // `WebFrontEndStarting` (no TabHostWeb here: its HTTP stack outweighs the rest in conformance records
        // and relocations, which every start pays for in the dynamic linker and the first `as?`; figures in
        // docs/contributing/performance-history.md).
        .target(
            name: "TabHostCommandLine",
            dependencies: [
                "TabModuleLoading", "TabModuleRuntime", "TabModuleIsolation", "TerminalUI", "TabHostWebProtocol", "TabKit", "TabLayout",
                "TabHostLoop", "TabHostPoll", "TabHostClient", "TabHostCore", "TabHostDev", "_CSandbox", "TabModuleBundle",
                "TabHostScriptTesting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict,
            plugins: ["EmbedModuleHeader"]),
        // `tabhost`: the command line without the web stack; `serve` and `run --web` exec `tabhost-web`.
        .executableTarget(
            name: "tabhost", dependencies: ["TabHostCommandLine"], swiftSettings: strict, linkerSettings: staticRuntimeInRelease),
        // `tabhost-web`: the same command line with the browser front end (Hummingbird, NIO) linked.
        .executableTarget(
            name: "tabhost-web",
            dependencies: ["TabHostCommandLine", "TabHostWeb", "TabHostClient", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        // The work of `tabhost pack`, `feed` and `install` (update to come), over libarchive and libcurl: only `tabhost-bundle` links it.
        .target(
            name: "TabModuleBundleCommands",
            dependencies: [
                "TabHostCommandLine", "TabModuleBundle", "TabModuleBundleArchive", "TabModuleLoading", "TabModuleIsolation", "TabHostCore",
                "TabHostDev", "TabModuleDownload", "TabModuleRuntime", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // `tabhost-bundle`: the same command line with the bundle tools linked; `tabhost pack` and `feed` exec it.
        .executableTarget(name: "tabhost-bundle", dependencies: ["TabHostCommandLine", "TabModuleBundleCommands"], swiftSettings: strict),
        // `tabhost-bench`: the benchmark's in-process measurements (Scripts/bench builds and runs it; Scripts/install
        // does not install it). Linked as release `tabhost` is, so its exec→exit rows compare with `tabhost`'s.
        .executableTarget(
            name: "tabhost-bench",
            dependencies: [
                "TabHostCommandLine", "TabModuleLoading", "TabModuleRuntime", "TabModuleIsolation", "TabHostCore", "TabHostDev",
                "TabHostClient", "TabHostPoll", "TabKit", "TabLayout", "TerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict, linkerSettings: staticRuntimeInRelease),
        // Build-time embedding of text files into Swift: tab_module.h into `TabHostCommandLine` (for `tabhost new`), the
        // browser page into `TabHostWeb` (served from the binary; no resource bundle, so no Foundation).
        .executableTarget(name: "embed-files", path: "BuildTools/EmbedFilesTool", swiftSettings: strict),
        .plugin(
            name: "EmbedModuleHeader", capability: .buildTool(), dependencies: ["embed-files"],
            path: "BuildTools/EmbedModuleHeader"),
        .plugin(name: "EmbedPage", capability: .buildTool(), dependencies: ["embed-files"], path: "BuildTools/EmbedPage"),
        // What every test target shares: the products directory, a process runner, fixtures that remove
        // themselves (module images built with cc, the C sources of test modules), swift-log's InMemoryLogging,
        // TabKit's recording controllers, and the tags (.tmux, .browser, .slow).
        .target(
            name: "TabHostTesting",
            dependencies: [
                "TabKit", "TabHostConcurrency", .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ], path: "Tests/TabHostTesting",
            swiftSettings: strict),
        .testTarget(name: "TabKitTests", dependencies: ["TabKit", "TabHostTesting"], swiftSettings: strict),
        .testTarget(name: "TabLayoutTests", dependencies: ["TabLayout", "TabKit", "TabHostTesting"], swiftSettings: strict),
        .testTarget(name: "TabHostConcurrencyTests", dependencies: ["TabHostConcurrency", "TabHostTesting"], swiftSettings: strict),
        // Against a real HTTPS server on loopback (Tests/Fixtures/https_server.py) with its own certificate.
        .testTarget(name: "TabModuleDownloadTests", dependencies: ["TabModuleDownload", "TabHostTesting"], swiftSettings: strict),
        .testTarget(name: "TabHostPollTests", dependencies: ["TabHostPoll", "TabHostLoop", "TabHostTesting"], swiftSettings: strict),
        .testTarget(
            name: "TabHostClientTests", dependencies: ["TabHostClient", "TabHostLoop", "TabHostPoll", "TabKit", "TabHostConcurrency"],
            swiftSettings: strict),
        // The metadata cache's tests include a scanner child (TabModuleIsolation) in front of the loader.
        .testTarget(
            name: "TabModuleLoadingTests",
            dependencies: [
                "TabModuleLoading", "TabModuleIsolation", "TabHostTesting", .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // The runtime's tests run in process, or out of process with TABHOST_TEST_ISOLATION=process.
        .testTarget(
            name: "TabModuleRuntimeTests",
            dependencies: [
                "TabModuleRuntime", "TabModuleLoading", "TabModuleIsolation", "TabKit", "TabLayout", "TabHostConcurrency",
                "TabHostTesting", .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TabModuleIsolationTests",
            dependencies: [
                "TabModuleIsolation", "TabModuleRuntime", "TabModuleLoading", "TabKit", "TabLayout", "TabHostLoop", "TabHostPoll",
                "TabHostTesting", .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // Keys, signatures (with the `minisign` command both ways), manifests and hostile archives; the installer
        // through its API (what `update` calls) and through the built `tabhost`.
        .testTarget(
            name: "TabModuleBundleTests",
            dependencies: [
                "TabModuleBundle", "TabModuleBundleArchive", "TabModuleBundleCommands", "TabModuleDownload", "TabModuleLoading",
                "TabModuleRuntime", "TabHostTesting",
                "_CArchive",
            ],
            swiftSettings: strict),
        // Loads the built Swift example (.so) at run time; links no module code on purpose.
        .testTarget(
            name: "TabModuleKitTests", dependencies: ["CTabModule", "_CLtdl", "TabHostTesting", "TabModuleKit"], swiftSettings: strict),
        .testTarget(
            name: "TabHostCoreTests",
            dependencies: [
                "TabHostCore", "TabHostClient", "TabHostLoop", "TabHostPoll", "TabKit", "TabLayout", "TabModuleLoading",
                "TabModuleRuntime", "TabModuleIsolation", "TabHostTesting", .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TabHostDevTests",
            dependencies: [
                "TabHostDev", "TabHostCore", "TabHostClient", "TabHostLoop", "TabHostPoll", "TabKit", "TabLayout", "TabModuleLoading",
                "TabModuleRuntime", "TabHostTesting",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "TabHostClient", "TabHostLoop", "TabHostPoll", "TabKit", "TabHostTesting"],
            swiftSettings: strict),
        // Also builds tabhost_tls_driver.c with _CTLSShims's sources (AddressSanitizer) and runs its cases.
        .testTarget(
            name: "TabHostWebTests",
            dependencies: [
                "TabHostWeb", "TabHostWebProtocol", "TabHostClient", "TabKit", "TabHostTesting",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["tabhost_tls_driver.c"],
            swiftSettings: strict),
        // The fuzz targets' entry points (Fuzz/, Scripts/fuzz): plain code, built and tested with everything else.
        .target(
            name: "TabHostFuzz",
            dependencies: [
                "TabKit", "TabLayout", "TabModuleLoading", "TabModuleIsolation", "TerminalUI", "TabHostWebProtocol", "CTabModule",
                "TabModuleBundle", "TabModuleBundleArchive",
            ],
            path: "Fuzz/Entries", swiftSettings: strict),
        // Every input in Fuzz/corpus (each crash found included) through the same entry points.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["TabHostFuzz", "TabHostTesting", "TerminalUI"], swiftSettings: strict),
        // Builds Tests/SandboxTests/tabhost_sandbox_driver.c with _CSandbox's sources and runs its cases.
        .testTarget(
            name: "SandboxTests", dependencies: ["TabHostTesting"], exclude: ["tabhost_sandbox_driver.c"], swiftSettings: strict),
        // The .tabtest format's parser (the runner is tested end to end, through the built `tabhost test`).
        .testTarget(
            name: "TabHostScriptTestingTests", dependencies: ["TabHostScriptTesting", "TabModuleTesting", "TabHostTesting"],
            swiftSettings: strict),
        // Runs the built `tabhost` binary (and tmux) end to end; depends on no module target on purpose.
        .testTarget(name: "TabHostEndToEndTests", dependencies: ["TabHostTesting"], swiftSettings: strict),
        .testTarget(name: "TabHostCommandLineTests", dependencies: ["TabHostCommandLine", "TabHostTesting"], swiftSettings: strict),
    ] + examples.map(\.1)
)

// The libFuzzer driver exists only for Scripts/fuzz (TABHOST_FUZZ=1, its own scratch path, built with
// `--sanitize fuzzer --sanitize address`): libFuzzer supplies `main`, so a normal `swift build` must
// never see this target.
if Context.environment["TABHOST_FUZZ"] == "1" {
    // `--sanitize fuzzer` compiles every Swift target as a library (libFuzzer has `main`): the build tool
    // behind the embedding plugins could not be built, and the fuzz build needs neither them nor what uses
    // them (the web server's protocol, which is fuzzed, is a target of its own).
    let unbuildable = [
        "tabhost", "tabhost-web", "tabhost-bundle", "TabModuleBundleCommands", "tabhost-bench", "TabHostCommandLine", "embed-files",
        "EmbedModuleHeader", "EmbedPage", "TabHostWeb",
        "TabHostWebTests", "_CTLSShims", "_COpenSSL",
        // Runs the installer (TabModuleBundleCommands) through its API.
        "TabModuleBundleTests",
        // Reads the commands of TabHostCommandLine.
        "TabHostCommandLineTests",
    ]
    package.targets.removeAll { unbuildable.contains($0.name) }
    package.products.removeAll { ["tabhost", "tabhost-web", "tabhost-bundle"].contains($0.name) }
    package.products.append(.executable(name: "tabhost-fuzz", targets: ["tabhost-fuzz"]))
    package.targets.append(
        .executableTarget(
            name: "tabhost-fuzz", dependencies: ["TabHostFuzz"], path: "Fuzz/Driver",
            swiftSettings: strict + [.unsafeFlags(["-parse-as-library"])]))
}
