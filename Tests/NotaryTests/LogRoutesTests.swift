import ChanceryTestSupport
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Notary
import Testing
import TransparencyLog

@Suite struct LogRoutesTests {
    @Test func servesCheckpointTilesEntriesAndTheKey() async throws {
        try await SequencerTests.withSequencer { sequencer, store, signer in
            for number in 0..<300 { _ = try await sequencer.append(SequencerTests.entry(number)) }
            let leaves = (0..<300).map { TreeHash.leaf(SequencerTests.entry($0)) }
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware())
            LogRoutes(store: store, verifierKey: signer.verifier.verifierKey).add(to: router)
            try await Application(router: router).test(.router) { client in
                try await client.execute(uri: "/.well-known/chancery/log.vkey", method: .get) { response in
                    #expect(String(buffer: response.body) == signer.verifier.verifierKey + "\n")
                }
                try await client.execute(uri: "/log/checkpoint", method: .get) { response in
                    #expect(response.status == .ok)
                    let note = try SignedNote(parsing: String(buffer: response.body))
                    try note.verified(by: [signer.verifier])
                    let checkpoint = try Checkpoint(parsing: note.text)
                    #expect(checkpoint.size == 300)
                    #expect(checkpoint.root == MerkleTree.root(of: leaves))
                }
                try await client.execute(uri: "/log/tile/0/000", method: .get) { response in
                    #expect(response.headers[.cacheControl]?.contains("immutable") == true)
                    #expect(Array(response.body.readableBytesView) == leaves.prefix(256).flatMap(\.bytes))
                }
                try await client.execute(uri: "/log/tile/0/001.p/44", method: .get) { response in
                    #expect(Array(response.body.readableBytesView) == leaves[256..<300].flatMap(\.bytes))
                }
                try await client.execute(uri: "/log/tile/0/001.p/10", method: .get) { response in
                    #expect(Array(response.body.readableBytesView) == leaves[256..<266].flatMap(\.bytes))
                }
                try await client.execute(uri: "/log/tile/1/000.p/1", method: .get) { response in
                    #expect(Array(response.body.readableBytesView) == MerkleTree.root(of: leaves.prefix(256)).bytes)
                }
                try await client.execute(uri: "/log/tile/entries/001.p/44", method: .get) { response in
                    let entries = try EntryBundle.decode(Array(response.body.readableBytesView))
                    #expect(entries == (256..<300).map(SequencerTests.entry))
                }
                for missing in ["/log/tile/0/001", "/log/tile/0/001.p/45", "/log/tile/2/000.p/1", "/log/tile/entries/002", "/log/tile/0/garbage"] {
                    try await client.execute(uri: missing, method: .get) { response in
                        #expect(response.status == .notFound, "\(missing)")
                    }
                }
            }
        }
    }

    @Test func anEmptyLogServesTheSignedCheckpointOfSizeZero() async throws {
        try await SequencerTests.withSequencer { _, store, signer in
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware())
            LogRoutes(store: store, verifierKey: signer.verifier.verifierKey).add(to: router)
            try await Application(router: router).test(.router) { client in
                try await client.execute(uri: "/log/checkpoint", method: .get) { response in
                    #expect(response.status == .ok)
                    let note = try SignedNote(parsing: String(buffer: response.body))
                    let checkpoint = try Checkpoint(parsing: note.text)
                    #expect(checkpoint.size == 0)
                    #expect(checkpoint.root == .empty)
                    #expect(checkpoint.root.bytes == Array(SHA256.hash(data: [UInt8]())))
                    let signatures = try note.verified(by: [signer.verifier])
                    #expect(signatures.count == 1)
                }
            }
            // Opening the log again keeps the one checkpoint of size 0.
            let first = try await store.latestCheckpoint()
            _ = try await Sequencer(store: store, signer: signer, logger: Logger(label: "test"))
            #expect(try await store.latestCheckpoint() == first)
        }
    }
}
