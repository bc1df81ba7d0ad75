// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Chirper",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "chirper", targets: ["chirper"]),
        // The demo catalog's server, a program of its own: the player's binary links no HTTP server.
        .executable(name: "chirper-demo", targets: ["chirper-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // C libraries, wrapped only by Audio. The -dev packages carry the headers and .pc files.
        .systemLibrary(
            name: "CMPG123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"])]),
        // Headers only: libpulse (Audio) is opened by the thread that connects to the sound server, so
        // its 30 libraries load beside the first request, not before `main`; Rubber Band (Audio), FFTW
        // and libpng (Sonogram) are opened when first needed, so a play does not load them
        // (`SharedLibrary`). libpulse-dev, librubberband-dev, libfftw3-dev and libpng-dev carry the
        // headers (in /usr/include) and the libraries.
        .systemLibrary(name: "CPulseAudio"),
        .systemLibrary(name: "CRubberBand"),
        .systemLibrary(name: "CFFTW"),
        .systemLibrary(name: "CPNG"),
        .systemLibrary(name: "CFreeType", providers: [.apt(["libfreetype-dev"])]),
        // SQLite (the library), opened when a command first uses the library: libsqlite3-dev.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // zlib (ChirperHTTP inflates gzip answers), linked: Debian's own, never a copy inside chirper.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // sd-bus (MediaControl), headers only: libsystemd is opened once a player offers itself on the
        // session bus. libsystemd-dev carries the header.
        .systemLibrary(name: "CSystemd", providers: [.apt(["libsystemd-dev"])]),
        // What the modules share about the system beneath them: C libraries opened on first use.
        .target(name: "SystemAccess"),

        // Chirper's GET, for the API's pages and a recording's bytes (SwiftNIO directly), and how its
        // failures read.
        .target(
            name: "ChirperHTTP",
            dependencies: [
                "Locking", "SystemAccess",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                "CZlib",
            ]),
        // The one place where text from outside becomes text a terminal may be given. Pure Swift.
        .target(name: "DisplayText"),
        // The API's models, query, errors and the `SearchClient` seam: pure Swift, nothing linked beneath.
        .target(name: "XenoCanto", dependencies: ["DisplayText"]),
        // The live API client: `SearchClient` over HTTP.
        .target(
            name: "XenoCantoHTTP",
            dependencies: [
                "XenoCanto", "ChirperHTTP",
            ]),
        // What the engine, the sonogram and the core share: events, errors, audio format, speed and loop,
        // the spectrogram matrix. Pure Swift.
        // A value behind a lock that ThreadSanitizer understands.
        .target(name: "Locking"),
        .target(name: "PlaybackModel", dependencies: ["DisplayText"]),
        // The decoder alone (libmpg123's feed API and the WAV reader): what the engine and the sonogram
        // decode with, and a fuzz target builds whole.
        .target(name: "AudioDecoding", dependencies: ["PlaybackModel", "CMPG123"]),
        .target(
            name: "Audio",
            dependencies: [
                "PlaybackModel", "AudioDecoding", "Locking", "CMPG123", "CPulseAudio", "CRubberBand", "ChirperHTTP", "SystemAccess",
            ]),
        // The list state, reducers, browse model and renderers: pure, nothing but the API's models and
        // the playback model beneath it.
        .target(
            name: "ChirperCore",
            dependencies: ["DisplayText", "XenoCanto", "PlaybackModel", .product(name: "RealModule", package: "swift-numerics")]),
        // The sonogram: decoded audio -> FFTW spectra -> PlaybackModel's Spectrogram; PNG output.
        // FreeType's header lives in a folder of its own; the library is opened when a figure is drawn.
        .target(name: "Sonogram", dependencies: ["CFFTW", "CPNG", "CFreeType", "Audio", "PlaybackModel", "SystemAccess"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/freetype2"])]),
        .target(
            name: "DemoCatalog",
            dependencies: [
                "XenoCanto", "Locking",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ]),
        // The store's protocol and its values: Swift and FoundationEssentials, and the environment's
        // variables through SystemAccess.
        .target(name: "LibraryModel", dependencies: ["XenoCanto", "SystemAccess"]),
        // The library: packs, lists, history and quiz cards in one SQLite file, through a thin wrapper
        // of SQLite's C API. Opened only by the commands that use it.
        .target(name: "Library", dependencies: ["DisplayText", "XenoCanto", "LibraryModel", "CSQLite", "SystemAccess", "Locking"]),
        // The player offered to the desktop over D-Bus (MPRIS: media keys, widgets, playerctl), through
        // sd-bus, opened when first needed.
        .target(name: "MediaControl", dependencies: ["Locking", "DisplayText", "SystemAccess", "CSystemd"]),
        // What the commands do: the sessions that run effects (browse's event loop, the playing session,
        // the queue feed, download) and the terminal. Never sees ArgumentParser.
        .target(
            name: "ChirperApp",
            dependencies: ["DisplayText", "XenoCanto", "XenoCantoHTTP", "PlaybackModel", "Audio", "ChirperCore", "Sonogram", "Locking", "LibraryModel", "Library", "MediaControl", "SystemAccess"]),
        // Parses the command line into plain options values and calls ChirperApp; exit codes. Nothing else.
        .executableTarget(
            name: "chirper",
            dependencies: [
                "ChirperApp", "ChirperCore", "XenoCanto", "PlaybackModel", "Audio", "ChirperHTTP", "DisplayText", "Sonogram",
                "SystemAccess", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The toolchain's lld with packed relative relocations (DT_RELR, glibc 2.36): the relocation
            // table every start reads becomes a small fraction of its plain size.
            // No exported symbols: the static runtime's link arguments would export every Swift symbol of
            // the player, whose tables the loader reads at each start, and nothing looks them up.
            // The functions a play runs first and side by side (`make hot-functions`; with the release
            // build's -function-sections), so a play keeps fewer of the binary's pages resident.
            // What each of these saves: docs/performance.md.
            linkerSettings: [.unsafeFlags([
                "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/link/hot-functions.order",
                "-Xlinker", "--no-warn-symbol-ordering",
            ]),
            // libstdc++ (the Swift runtime's C++) from its archive in release builds: the few functions
            // the runtime uses are linked in, and libstdc++.so is not loaded and bound at each start.
            // SwiftPM puts `-lstdc++` first on the link line, so the archive is chosen by the linker
            // script found first on the search path.
            // Debug builds load the Swift runtime's own libraries, which need libstdc++.so anyway.
            .unsafeFlags(["-L\(Context.packageDirectory)/link/static-libstdc++"], .when(configuration: .release)),
            // Swift's private functions, which have no symbol the ordering file could name, side by side
            // before the rest of the code (link/private-functions.lds). It sorts the sections the release
            // build's -function-sections makes; without them it finds nothing to move.
            .unsafeFlags(["-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/link/private-functions.lds"],
                         .when(configuration: .release)),
            ]),
        .executableTarget(
            name: "chirper-demo",
            dependencies: [
                "DemoCatalog", "XenoCanto", "SystemAccess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // In-process timings for `make bench`; not part of the tests.
        .executableTarget(name: "ChirperBench", dependencies: ["ChirperCore", "XenoCanto", "XenoCantoHTTP", "PlaybackModel", "Sonogram", "DemoCatalog", "Audio"]),

        .testTarget(name: "ChirperCoreTests", dependencies: ["ChirperCore", "XenoCanto", "PlaybackModel"]),
        // Links libpulse (the player opens it at run time) to hold its function table to the header.
        .testTarget(
            name: "AudioTests", dependencies: ["Audio", "AudioDecoding", "PlaybackModel", "ChirperCore", "CPulseAudio", "SystemAccess"],
            linkerSettings: [.linkedLibrary("pulse")]),
        // Links libsystemd (MediaControl opens it at run time) to hold sd-bus's function table to its header.
        .testTarget(
            name: "ChirperAppTests", dependencies: ["ChirperApp", "ChirperCore", "XenoCanto", "XenoCantoHTTP", "Library", "LibraryModel", "Audio", "PlaybackModel", "Locking", "MediaControl", "CSystemd", "SystemAccess"],
            linkerSettings: [.linkedLibrary("systemd")]),
        .testTarget(name: "SonogramTests", dependencies: ["Sonogram", "PlaybackModel", "ChirperCore"]),
        .testTarget(
            name: "XenoCantoTests", dependencies: ["DisplayText", "XenoCanto", "XenoCantoHTTP"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "XenoCanto", "XenoCantoHTTP", "DemoCatalog", "ChirperCore", "PlaybackModel", "Audio", "Sonogram", "ChirperHTTP", "ChirperApp", "Locking", "Library", "LibraryModel", "CSQLite", "SystemAccess",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            exclude: ["Fixtures"],
            // Links libsqlite3 (the library opens it at run time) to hold its function table to the header.
            linkerSettings: [.linkedLibrary("sqlite3")]),
    ],
    swiftLanguageModes: [.v6]
)
