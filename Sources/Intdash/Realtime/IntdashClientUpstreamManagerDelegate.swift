import Foundation

/// Hears what happens to the sections of an ``IntdashClient/UpstreamManager``'s streams.
///
/// The methods are called on the connection's task or the caller's thread, never on the main
/// thread in particular. All but ``upstreamManager(_:didReceiveEndOfSection:streamId:success:final:sentCount:)``
/// have empty default implementations.
public protocol IntdashClientUpstreamManagerDelegate: AnyObject, Sendable {
    /// The server acknowledged section `sectionId` of `streamId` (`success`), refused it, or
    /// it was given up after its resends.
    func upstreamManager(
        _ manager: IntdashClient.UpstreamManager, didReceiveEndOfSection sectionId: Int, streamId: Int, success: Bool, final: Bool, sentCount: Int)
    /// Section `sectionId` of `streamId` ended (its EOS marker was made). `sectionIndex` is
    /// its elapsed-time slot (elapsed time ÷ section length), which ``IntdashClient/UpstreamManager/openForResend(measurementId:srcEdgeId:dstEdgeIds:sectionUpdateInterval:resendSections:lastSectionId:)``
    /// takes back; `sentCount` is its number of units.
    func upstreamManager(
        _ manager: IntdashClient.UpstreamManager, didGeneratedSesion sectionId: Int, sectionIndex: Int, streamId: Int, final: Bool, sentCount: Int,
        startOfElapsedTime: TimeInterval, endOfElapsedTime: TimeInterval
    )
    /// The server made a measurement.
    func upstreamManager(_ manager: IntdashClient.UpstreamManager, didReceiveMeasurementId measurementId: String)
    /// The server did not make a measurement.
    func upstreamManager(_ manager: IntdashClient.UpstreamManager, didFailToReceiveMeasurementIdWith error: any Error)
    /// `dataSize` bytes were queued for the server.
    func upstreamManager(_ manager: IntdashClient.UpstreamManager, didSendElem dataSize: Int)
}

extension IntdashClientUpstreamManagerDelegate {
    /// Does nothing.
    public func upstreamManager(
        _ manager: IntdashClient.UpstreamManager, didGeneratedSesion sectionId: Int, sectionIndex: Int, streamId: Int, final: Bool, sentCount: Int,
        startOfElapsedTime: TimeInterval, endOfElapsedTime: TimeInterval
    ) {}
    /// Does nothing.
    public func upstreamManager(_ manager: IntdashClient.UpstreamManager, didReceiveMeasurementId measurementId: String) {}
    /// Does nothing.
    public func upstreamManager(_ manager: IntdashClient.UpstreamManager, didFailToReceiveMeasurementIdWith error: any Error) {}
    /// Does nothing.
    public func upstreamManager(_ manager: IntdashClient.UpstreamManager, didSendElem dataSize: Int) {}
}
