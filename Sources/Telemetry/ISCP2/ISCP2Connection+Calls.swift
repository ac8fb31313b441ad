import Foundation
import ISCP
import Logging

// E2E calls (specs/intdash.md §1.7): an `UpstreamCall` goes through the broker to every
// connection of its destination node, which delivers it as a `DownstreamCall`. Any connected
// node may call any other: a call carries no data of the destination, and the destination
// decides what to do with it.
extension ISCP2Connection {
    /// Registers the connection's node with the broker and starts delivering its calls.
    func attachForCalls(_ nodeID: String) async {
        let attachment = await environment.broker.attach(node: nodeID)
        self.attachment = attachment
        callPump = Task(executorPreference: executor) { [outbox, codec = environment.codec] in
            for await call in attachment.calls {
                var downstreamCall = ISCP2DownstreamCall()
                downstreamCall.callID = call.callID
                downstreamCall.requestCallID = call.requestCallID
                downstreamCall.sourceNodeID = call.sourceNodeID
                downstreamCall.name = call.name
                downstreamCall.type = call.type
                downstreamCall.payload = Data(call.payload)
                guard let frame = codec.frame(ISCP2Message(.downstreamCall(downstreamCall))) else { continue }
                guard await outbox.enqueueBulk(frame) else { return }
            }
        }
    }

    func send(_ call: ISCP2UpstreamCall) async {
        var ack = ISCP2UpstreamCallAck()
        ack.callID = call.callID
        guard let nodeID else { return }
        if call.destinationNodeID.isEmpty {
            ack.resultCode = .protocolError
            ack.resultString = "the call names no destination node"
        } else {
            let destination = Self.normalized(nodeID: call.destinationNodeID)
            let delivered = await environment.broker.send(
                TelemetryCall(
                    callID: call.callID, requestCallID: call.requestCallID, sourceNodeID: nodeID,
                    destinationNodeID: destination, name: call.name, type: call.type, payload: Array(call.payload)
                ))
            ack.resultCode = delivered ? .succeeded : .processFailed
            ack.resultString = delivered ? "SUCCEEDED" : "node \(destination) is not connected"
        }
        sendUrgent(.upstreamCallAck(ack))
    }
}
