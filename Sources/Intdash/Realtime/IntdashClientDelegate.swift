/// Hears about the realtime connection of an ``IntdashClient``.
///
/// The methods are called on the connection's tasks; all have empty default implementations.
public protocol IntdashClientDelegate: AnyObject, Sendable {
    /// The connection opened, the first time or after a reconnection.
    func intdashClientDidConnect(_ client: IntdashClient)
    /// The connection closed.
    func intdashClientDidDisconnect(_ client: IntdashClient)
    /// The connection failed, or the server sent something unreadable.
    func intdashClient(_ client: IntdashClient, didFailWithError error: (any Error)?)
    /// After a reconnection, the streams were announced again (`success`) or not.
    func intdashClient(_ client: IntdashClient, didRetryToRequestSpecs success: Bool)
}

extension IntdashClientDelegate {
    /// Does nothing.
    public func intdashClientDidConnect(_ client: IntdashClient) {}
    /// Does nothing.
    public func intdashClientDidDisconnect(_ client: IntdashClient) {}
    /// Does nothing.
    public func intdashClient(_ client: IntdashClient, didFailWithError error: (any Error)?) {}
    /// Does nothing.
    public func intdashClient(_ client: IntdashClient, didRetryToRequestSpecs success: Bool) {}
}
