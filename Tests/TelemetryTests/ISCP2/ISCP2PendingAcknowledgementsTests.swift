import ISCP
import Testing

@testable import Telemetry

/// How a connection gathers chunk results into acks.
@Suite("iSCP v2 pending acknowledgements")
struct ISCP2PendingAcknowledgementsTests {
    private func result(_ sequenceNumber: UInt32, _ code: ISCP2ResultCode = .succeeded) -> ISCP2UpstreamChunkResult {
        var result = ISCP2UpstreamChunkResult()
        result.sequenceNumber = sequenceNumber
        result.resultCode = code
        return result
    }

    private func dataID(_ name: String) -> ISCP2DataID {
        var dataID = ISCP2DataID()
        dataID.name = name
        dataID.type = "int64"
        return dataID
    }

    @Test("results of interleaved upstreams make one ack per upstream, in order, with every new alias")
    func oneAckPerUpstream() {
        var pending = ISCP2PendingAcknowledgements()
        pending.add(alias: 2, result(1), newAliases: [1: dataID("a")], within: .zero)
        pending.add(alias: 5, result(1), newAliases: [:], within: .zero)
        pending.add(alias: 2, result(2, .invalidDataIDAlias), newAliases: [2: dataID("b")], within: .zero)
        pending.add(alias: 5, result(2), newAliases: [1: dataID("c")], within: .zero)
        #expect(pending.resultCount == 4)

        let acks = pending.take()
        #expect(acks.map(\.streamIDAlias) == [2, 5])
        #expect(acks[0].results.map(\.sequenceNumber) == [1, 2])
        #expect(acks[0].results.map(\.resultCode) == [.succeeded, .invalidDataIDAlias])
        #expect(acks[0].dataIDAliases == [1: dataID("a"), 2: dataID("b")])
        #expect(acks[1].results.map(\.sequenceNumber) == [1, 2])
        #expect(acks[1].dataIDAliases == [1: dataID("c")])

        #expect(pending.resultCount == 0)
        #expect(pending.take().isEmpty)
    }

    @Test("the waiting results are due after the shortest ack_interval of their upstreams, and none after a take")
    func shortestInterval() {
        var pending = ISCP2PendingAcknowledgements()
        #expect(pending.shortestInterval == nil)
        pending.add(alias: 2, result(1), newAliases: [:], within: .milliseconds(100))
        pending.add(alias: 5, result(1), newAliases: [:], within: .milliseconds(20))
        pending.add(alias: 2, result(2), newAliases: [:], within: .milliseconds(100))
        #expect(pending.shortestInterval == .milliseconds(20))
        _ = pending.take()
        #expect(pending.shortestInterval == nil)
    }
}
