/// A message from one node to another through the server (iSCP v2's E2E call).
public struct TelemetryCall: Hashable, Sendable {
    /// The call's id, chosen by the sender.
    public let callID: String
    /// The id of the call this one answers, or empty for a new call.
    public let requestCallID: String
    /// The sending node.
    public let sourceNodeID: String
    /// The receiving node.
    public let destinationNodeID: String
    /// What the call is, chosen by the application.
    public let name: String
    /// The payload's type, chosen by the application.
    public let type: String
    /// The payload.
    public let payload: [UInt8]

    /// Creates a call.
    public init(callID: String, requestCallID: String, sourceNodeID: String, destinationNodeID: String, name: String, type: String, payload: [UInt8])
    {
        self.callID = callID
        self.requestCallID = requestCallID
        self.sourceNodeID = sourceNodeID
        self.destinationNodeID = destinationNodeID
        self.name = name
        self.type = type
        self.payload = payload
    }
}
