import Storage
import Testing

/// The reading of `--nats` URLs.
struct NATSServerAddressTests {
    @Test func aListOfURLsWithAndWithoutCredentials() throws {
        let servers = try NATSServerAddress.list(parsing: "nats://10.0.0.1, nats://app:p%40ss@nats.internal:4300,nats://s3cret@h")
        #expect(servers.map(\.description) == ["nats://10.0.0.1:4222", "nats://nats.internal:4300", "nats://h:4222"])
        #expect(servers[0].user == nil && servers[0].token == nil)
        #expect(servers[1].user == "app" && servers[1].password == "p@ss")
        #expect(servers[2].token == "s3cret" && servers[2].user == nil)
    }

    @Test(arguments: ["", "10.0.0.1:4222", "http://h:4222", "nats://", "nats://h:0", "nats://h/path", "nats://h?x=1", " , "])
    func whatIsNotANATSURLIsRefused(text: String) {
        #expect(throws: NATSError.self) { try NATSServerAddress.list(parsing: text) }
    }
}
