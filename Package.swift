// swift-tools-version:6.1
import PackageDescription

/// Settings every Chancery module compiles with: Swift 6 language mode plus the upcoming
/// features that keep imports and existentials explicit.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Chancery",
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        .executable(name: "chancery", targets: ["chancery"]),
        .library(name: "ChanceryServer", targets: ["ChanceryServer"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "Accounts", targets: ["Accounts"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "HTTPSupport", targets: ["HTTPSupport"]),
        .library(name: "TransparencyLog", targets: ["TransparencyLog"]),
        .library(name: "TimeStamping", targets: ["TimeStamping"]),
        .library(name: "NotaryProof", targets: ["NotaryProof"]),
        .library(name: "QEDSDK", targets: ["QEDSDK"]),
        .library(name: "PDF", targets: ["PDF"]),
        .library(name: "Conversion", targets: ["Conversion"]),
        .library(name: "PDFSigning", targets: ["PDFSigning"]),
        .library(name: "QRCode", targets: ["QRCode"]),
        .library(name: "NXQL", targets: ["NXQL"]),
        .library(name: "ISCP", targets: ["ISCP"]),
        .library(name: "Telemetry", targets: ["Telemetry"]),
        .library(name: "NuxeoSDK", targets: ["NuxeoSDK"]),
        .library(name: "Signing", targets: ["Signing"]),
        .library(name: "SignWellSDK", targets: ["SignWellSDK"]),
        .library(name: "Intdash", targets: ["Intdash"]),
        .library(name: "Mail", targets: ["Mail"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
    ],
    targets: [
        // CLI
        .executableTarget(
            name: "chancery",
            dependencies: [
                "JSON", "ChanceryServer", "Accounts", "Storage", "ISCP", "NotaryProof", "QEDSDK", "NuxeoSDK", "TransparencyLog",
                "PDF", "PDFSigning", "SignWellSDK", "Intdash", "Mail",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Assembly
        .target(
            name: "ChanceryServer",
            dependencies: [
                "JSON", "Storage", "Accounts", "HTTPSupport", "Console", "Notary", "Repository", "Signing", "PDFSigning", "Telemetry", "Mail",
                "NotaryProof", "ISCP",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        // Capability
        .target(
            name: "Notary",
            dependencies: [
                "CivilTime", "JSON", "Storage", "Accounts", "HTTPSupport", "TransparencyLog", "TimeStamping", "NotaryProof", "PDF", "PDFSigning",
                "QRCode",
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Conversion",
            dependencies: ["PDF", "CProcessGroup"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Repository",
            dependencies: [
                "CivilTime", "JSON", "Storage", "Accounts", "HTTPSupport", "NXQL", "Conversion", "NotaryProof",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Signing",
            dependencies: [
                "CivilTime", "JSON", "Storage", "Accounts", "HTTPSupport", "PDF", "PDFSigning", "TimeStamping", "NotaryProof", "TransparencyLog",
                "Conversion",
                "Mail",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Telemetry",
            dependencies: [
                "JSON", "Storage", "Accounts", "HTTPSupport", "ISCP", "CCRC32C", "NotaryProof", "CivilTime",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Console",
            dependencies: [
                "HTTPSupport", "Accounts",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        // Platform
        .target(
            name: "Storage",
            dependencies: [
                "CFileWriteback", "CSQLite3", "CivilTime",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // The libc calls and flags Swift's Glibc module does not declare (sync_file_range, O_DIRECT).
        .target(name: "CFileWriteback"),
        // The system's SQLite (libsqlite3-dev), whose prepared statements the server's
        // connections keep, behind names that do not meet SQLiteNIO's copy.
        .target(name: "CSQLite3", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The processor's CRC-32C instruction, which Swift cannot name.
        .target(name: "CCRC32C"),
        // Waiting for a process group to end through pidfds, which Glibc does not declare.
        .target(name: "CProcessGroup"),
        .target(
            name: "Accounts",
            dependencies: [
                "Storage", "JSON",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HTTPSupport",
            dependencies: [
                "CivilTime", "JSON", "Storage", "Accounts",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        // Pure libraries
        .target(
            name: "TransparencyLog",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "TimeStamping",
            dependencies: [
                "CivilTime",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "NotaryProof",
            dependencies: [
                "CivilTime", "TransparencyLog", "TimeStamping",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "PDF", dependencies: ["CivilTime"], swiftSettings: swiftSettings),
        .target(
            name: "PDFSigning",
            dependencies: [
                "CivilTime", "PDF", "TimeStamping", "URLSessionSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "QRCode", swiftSettings: swiftSettings),
        .target(name: "URLSessionSupport", dependencies: ["Locking"], swiftSettings: swiftSettings),
        // LockedValue, the one lock-guarded box of the client SDKs.
        .target(name: "Locking", swiftSettings: swiftSettings),
        // JSONValue, the one free-form JSON value of the server, the CLI and the SDKs.
        .target(name: "JSON", swiftSettings: swiftSettings),
        .target(name: "NXQL", dependencies: ["CivilTime"], swiftSettings: swiftSettings),
        // CivilDate, the one conversion between dates and day numbers (UTC times' text).
        .target(name: "CivilTime", swiftSettings: swiftSettings),
        // The iSCP 1.0 element codec and the iSCP v2 messages (generated from our own .proto
        // files by scripts/generate-iscp-protos, committed).
        .target(
            name: "ISCP",
            dependencies: ["JSON", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            swiftSettings: swiftSettings
        ),
        // SDKs
        .target(
            name: "QEDSDK",
            dependencies: [
                "NotaryProof", "TransparencyLog", "URLSessionSupport", "Locking",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "NuxeoSDK",
            dependencies: [
                "JSON", "Locking", "URLSessionSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SignWellSDK",
            dependencies: [
                "URLSessionSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.embedInCode("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Intdash",
            dependencies: [
                "ISCP", "URLSessionSupport", "Locking",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
            ],
            swiftSettings: swiftSettings
        ),
        // Benchmarks
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "ISCP", "Telemetry",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            path: "Benchmarks/BenchmarkSupport", swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "DeploymentBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Benchmarks/DeploymentBenchmark", swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "NotaryBenchmark",
            dependencies: [
                "BenchmarkSupport", "Notary", "Storage", "TransparencyLog",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Benchmarks/NotaryBenchmark",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ProofVerificationBenchmark",
            dependencies: [
                "BenchmarkSupport", "NotaryProof", "TimeStamping", "TransparencyLog",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: "Benchmarks/ProofVerificationBenchmark",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ReportsBenchmark",
            dependencies: [
                "BenchmarkSupport", "ChanceryServer", "Notary", "Accounts",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Benchmarks/ReportsBenchmark",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "RepositoryBenchmark",
            dependencies: [
                "BenchmarkSupport", "ChanceryServer", "Notary", "Repository", "Accounts", "Storage", "CFileWriteback",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Benchmarks/RepositoryBenchmark",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "SigningBenchmark",
            dependencies: [
                "BenchmarkSupport", "ChanceryServer", "Notary", "Signing", "Accounts", "PDF", "PDFSigning",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Benchmarks/SigningBenchmark",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "TelemetryBenchmark",
            dependencies: [
                "BenchmarkSupport", "ChanceryServer", "Notary", "Telemetry", "Accounts", "ISCP", "Conversion",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Benchmarks/TelemetryBenchmark",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "PDFBenchmark",
            dependencies: ["BenchmarkSupport", "PDF", "PDFSigning"],
            path: "Benchmarks/PDFBenchmark",
            swiftSettings: swiftSettings
        ),
        // Fuzz targets: built with `-sanitize=fuzzer` by scripts/fuzz, never by a plain build.
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver", swiftSettings: swiftSettings),
        .executableTarget(
            name: "PDFFuzzer",
            dependencies: ["FuzzDriver", "PDF"],
            path: "Fuzz/PDFFuzzer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ISCPFuzzer",
            dependencies: ["FuzzDriver", "ISCP"],
            path: "Fuzz/ISCPFuzzer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "JSONFuzzer",
            dependencies: ["FuzzDriver", "JSON"],
            path: "Fuzz/JSONFuzzer",
            swiftSettings: swiftSettings
        ),
        // Tests
        .target(
            name: "ChanceryTestSupport",
            dependencies: [
                "Storage",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/ChanceryTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: [
                "Storage", "ChanceryTestSupport",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AccountsTests",
            dependencies: [
                "Accounts", "Storage", "ChanceryTestSupport", .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: swiftSettings),
        .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HTTPSupportTests",
            dependencies: [
                "HTTPSupport", "Accounts", "Storage", "ChanceryServer", "ChanceryTestSupport", "Console",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TransparencyLogTests",
            dependencies: ["TransparencyLog", "ChanceryTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TimeStampingTests",
            dependencies: [
                "TimeStamping", "ChanceryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NotaryProofTests",
            dependencies: [
                "NotaryProof", "TimeStamping", "TransparencyLog", "ChanceryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PDFTests",
            dependencies: ["PDF", "ChanceryTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PDFSigningTests",
            dependencies: [
                "PDFSigning", "PDF", "TimeStamping", "ChanceryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "QRCodeTests",
            dependencies: ["QRCode", "ChanceryTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "ISCPTests", dependencies: ["ISCP", "ChanceryTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "TelemetryTests",
            dependencies: [
                "JSON", "Telemetry", "ISCP", "Accounts", "Storage", "HTTPSupport", "ChanceryServer", "ChanceryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NXQLTests",
            dependencies: ["NXQL", "ChanceryTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NuxeoSDKTests",
            dependencies: ["NuxeoSDK", "ChanceryTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RepositoryTests",
            dependencies: [
                "JSON", "Repository", "Conversion", "NXQL", "Storage", "Accounts", "HTTPSupport", "ChanceryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "QEDSDKTests",
            dependencies: [
                "QEDSDK", "ChanceryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NotaryTests",
            dependencies: [
                "Notary", "NotaryProof", "TransparencyLog", "TimeStamping", "Storage", "HTTPSupport", "Accounts", "ChanceryTestSupport", "JSON",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SigningTests",
            dependencies: [
                "JSON", "Signing", "Conversion", "PDF", "PDFSigning", "TimeStamping", "Storage", "HTTPSupport", "Accounts", "ChanceryTestSupport",
                "Mail",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SignWellSDKTests",
            dependencies: ["SignWellSDK", "ChanceryTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IntdashTests",
            dependencies: [
                "Intdash", "ISCP", "ChanceryTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ChanceryServerTests",
            dependencies: ["ChanceryServer", "ChanceryTestSupport", "Accounts", "ISCP", "JSON", "Signing", "Storage", "Telemetry"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ChanceryIntegrationTests",
            dependencies: ["ChanceryTestSupport"],
            swiftSettings: swiftSettings
        ),
        // Outbound mail: the message encoding, a small SMTP client, and the durable outbox.
        .target(
            name: "Mail",
            dependencies: [
                "Storage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MailTests",
            dependencies: [
                "Mail", "ChanceryTestSupport", "Storage", "TimeStamping",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
