/// Receives what an ``IntdashClient/DownstreamManager``'s streams bring.
///
/// The methods are called on the connection's task, one message at a time, in order.
public protocol IntdashClientDownstreamManagerDelegate: AnyObject, Sendable {
    /// The data points of one message of stream `streamId`, in order.
    func downstreamManagerDidParseDataPoints(_ manager: IntdashClient.DownstreamManager, streamId: Int, dataPoints: [RealtimeDataPoint])
    /// A unit of stream `streamId` could not be read, or came on no known downstream.
    func downstreamManagerDidFailToParseDataPoints(
        _ manager: IntdashClient.DownstreamManager, streamId: Int, with error: IntdashClientDownstreamManagerError)
}

extension IntdashClientDownstreamManagerDelegate {
    /// Does nothing.
    public func downstreamManagerDidFailToParseDataPoints(
        _ manager: IntdashClient.DownstreamManager, streamId: Int, with error: IntdashClientDownstreamManagerError
    ) {}
}
