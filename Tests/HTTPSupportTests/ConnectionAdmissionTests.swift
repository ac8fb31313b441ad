import Testing

@testable import ChanceryServer

@Suite struct ConnectionAdmissionTests {
    @Test func eachAddressHasItsOwnLimitWithinTheTotal() {
        let admission = ConnectionAdmission(maxConnections: 3, maxConnectionsPerAddress: 2)
        #expect(admission.admit(from: "192.0.2.1"))
        #expect(admission.admit(from: "192.0.2.1"))
        #expect(!admission.admit(from: "192.0.2.1"), "a third connection from one address")
        #expect(admission.admit(from: "192.0.2.2"))
        #expect(!admission.admit(from: "192.0.2.3"), "a fourth connection in total")
    }

    @Test func aClosedConnectionFreesItsPlace() {
        let admission = ConnectionAdmission(maxConnections: 10, maxConnectionsPerAddress: 1)
        #expect(admission.admit(from: "192.0.2.1"))
        #expect(!admission.admit(from: "192.0.2.1"))
        admission.release(from: "192.0.2.1")
        #expect(admission.admit(from: "192.0.2.1"))
    }
}
