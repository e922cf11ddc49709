// swift-tools-version:6.2
import PackageDescription

/// Every Swift target is compiled in Swift 6 mode with warnings treated as errors, and every
/// existential spelled `any`.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error), .enableUpcomingFeature("ExistentialAny")]

/// New modules also keep their imports out of their interface unless they say `public import`,
/// and name every module whose members they use.
let sealed: [SwiftSetting] =
    strict + [
        .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
    ]

let package = Package(
    name: "Pushboard",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pushboard", targets: ["pushboard"])
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // OpenSSL's libcrypto: ES256 provider tokens, .p8 keys, .p12 and PEM certificates (APNs only).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .executableTarget(name: "ResourceEmbedder", swiftSettings: strict),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .plugin(name: "EmbedShapingFonts", capability: .buildTool(), dependencies: ["ResourceEmbedder"]),
        .target(name: "EmbeddedResources", swiftSettings: strict, plugins: ["EmbedResources"]),
        .target(name: "HTTPKit", swiftSettings: strict),
        // The lock box, the per-thread objects and the generation cache (docs/concurrency.md).
        .target(name: "Concurrency", swiftSettings: sealed),
        // The only importer of CSodium: SHA-256, random bytes, Argon2id, constant-time compare.
        .target(name: "Cryptography", dependencies: ["CSodium"], swiftSettings: strict),
        // The only importer of CZlib: the one PNG reader (structure, CRCs, image data inflated).
        .target(name: "ImageFormats", dependencies: ["CZlib"], swiftSettings: strict),
        .target(
            name: "Access", dependencies: ["Concurrency", "Cryptography", "Storage"], swiftSettings: strict),
        .target(
            name: "MHDServer", dependencies: ["CMicroHTTPD", "Concurrency", "HTTPKit"], swiftSettings: strict),
        .target(name: "Templates", swiftSettings: strict),
        .target(name: "JSON", swiftSettings: sealed),
        .target(name: "NotificationKit", dependencies: ["Concurrency", "JSON"], swiftSettings: strict),
        // The app's String Catalog (.xcstrings, .strings, .stringsdict) and iOS's lookup and format rules.
        .target(name: "Localization", dependencies: ["JSON"], swiftSettings: sealed),
        .target(
            name: "NotificationPreview", dependencies: ["JSON", "NotificationKit", "CHarfBuzz"],
            exclude: ["ShapingFonts"], swiftSettings: strict, plugins: ["EmbedShapingFonts"]),
        // Payload templates: the Liquid subset, declared variables, worst case, render (issue 28).
        .target(
            name: "Personalization",
            dependencies: ["Concurrency", "JSON", "NotificationKit", "NotificationPreview"],
            swiftSettings: strict),
        .target(
            name: "Storage", dependencies: ["CSQLite", "CPostgres", "Concurrency", "ImageFormats"],
            swiftSettings: strict),
        // The only importer of CCurl: one libcurl exchange, kept-alive handles (MediaCheck, APNs).
        .target(name: "HTTPClient", dependencies: ["CCurl"], swiftSettings: sealed),
        // APNs test sends: credentials, provider tokens, the HTTP/2 sender, answers, the doctor.
        .target(
            name: "APNs", dependencies: ["CCrypto", "HTTPClient", "Concurrency", "NotificationKit"],
            swiftSettings: sealed),
        .target(
            name: "MediaCheck",
            dependencies: [
                "HTTPClient", "Concurrency", "JSON", "NotificationKit", "Cryptography", "ImageFormats",
            ],
            swiftSettings: strict),
        .target(
            name: "Registry",
            dependencies: ["Concurrency", "JSON", "Localization", "NotificationKit", "Storage"],
            swiftSettings: sealed),
        // The workspace side of test sends (issue 26): APNs credentials sealed at rest, test
        // devices, the send log, the per-user rate limit, the test send.
        .target(
            name: "APNsWorkspace",
            dependencies: ["APNs", "Concurrency", "Cryptography", "NotificationKit", "Storage"],
            swiftSettings: strict),
        .target(
            name: "Dashboard",
            dependencies: [
                "HTTPKit", "Templates", "JSON", "NotificationKit", "NotificationPreview", "Registry",
                "Storage", "MediaCheck", "EmbeddedResources", "Access", "Concurrency",
                "APNsWorkspace", "APNs", "Localization",
                "Personalization",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "pushboard",
            dependencies: [
                "Dashboard", "MHDServer", "JSON", "NotificationKit", "NotificationPreview", "Registry",
                "Storage", "MediaCheck", "EmbeddedResources", "Access", "APNs",
                "APNsWorkspace", "Localization",
                "Personalization",
            ],
            swiftSettings: strict
        ),
        // libFuzzer targets (make fuzz); a normal build makes the corpus replayer.
        .executableTarget(
            name: "PushboardFuzz",
            dependencies: [
                "HTTPKit", "JSON", "NotificationKit", "Templates", "Access", "Personalization",
                "Localization",
            ],
            swiftSettings: strict),
        // bench/preview.sh: the preview matrix timed in a release build (not a unit test).
        .executableTarget(
            name: "preview-bench", dependencies: ["NotificationKit", "NotificationPreview", "Localization"],
            path: "bench/preview", exclude: ["run.sh"], swiftSettings: strict
        ),
        .testTarget(
            name: "HTTPKitTests", dependencies: ["HTTPKit"], exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "MHDServerTests", dependencies: ["MHDServer", "HTTPKit", "Concurrency"],
            swiftSettings: strict),
        .testTarget(name: "ConcurrencyTests", dependencies: ["Concurrency"], swiftSettings: strict),
        .testTarget(name: "TemplatesTests", dependencies: ["Templates"], swiftSettings: strict),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strict),
        .testTarget(
            name: "NotificationKitTests", dependencies: ["JSON", "NotificationKit"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "NotificationPreviewTests",
            dependencies: ["NotificationPreview", "NotificationKit", "JSON"],
            exclude: ["Fixtures", "Goldens"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LocalizationTests", dependencies: ["Localization", "JSON"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "PersonalizationTests",
            dependencies: ["Personalization", "JSON", "NotificationKit", "NotificationPreview"],
            swiftSettings: strict),
        .testTarget(
            name: "StorageTests", dependencies: ["Storage", "Concurrency", "ImageFormats"],
            swiftSettings: strict),
        .testTarget(
            name: "AccessTests", dependencies: ["Access", "Concurrency", "Storage"], swiftSettings: strict),
        .testTarget(
            name: "MediaCheckTests", dependencies: ["MediaCheck", "Cryptography", "NotificationKit", "JSON"],
            swiftSettings: strict),
        .testTarget(
            name: "APNsTests", dependencies: ["APNs", "NotificationKit"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "RegistryTests", dependencies: ["Registry", "Localization", "NotificationKit", "Storage"],
            swiftSettings: strict),
        .testTarget(
            name: "DashboardTests",
            dependencies: [
                "Dashboard", "HTTPKit", "JSON", "NotificationKit", "Registry", "Storage", "EmbeddedResources",
                "Access", "Localization", "Personalization",
                "APNsWorkspace", "Cryptography", "APNs",
            ],
            swiftSettings: strict
        ),
    ]
)
