import ChanceryTestSupport
import Foundation
import Notary
import Testing
import TransparencyLog

@Suite struct LogKeyTests {
    @Test func createsTheKeyOnceWithPrivatePermissions() async throws {
        try await TemporaryDirectory.with { directory in
            let keys = directory + "/keys"
            let first = try LogKey.loadOrCreate(in: keys, origin: "log.example/one")
            let attributes = try FileManager.default.attributesOfItem(atPath: keys + "/log.key")
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let again = try LogKey.loadOrCreate(in: keys, origin: "log.example/one")
            #expect(again.verifier.verifierKey == first.verifier.verifierKey)
            #expect(throws: LogKey.Mismatch.self) { try LogKey.loadOrCreate(in: keys, origin: "log.example/two") }
        }
    }
}
