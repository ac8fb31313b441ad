/// A block called when something finished, with nothing to report; the SDK calls it on the
/// session's ``NUXSession/callbackQueue``, or on a background thread.
public typealias NUXBasicBlock = @Sendable () -> Void

/// A block called when a request finished, with the request, whose response (or error) is
/// then set; the SDK calls it on the session's ``NUXSession/callbackQueue``, or on a
/// background thread.
public typealias NUXResponseBlock = @Sendable (NUXRequest) -> Void

/// A block called with whether something succeeded; the SDK calls it on the session's
/// ``NUXSession/callbackQueue``, or on a background thread.
public typealias NUXBooleanBlock = @Sendable (Bool) -> Void
