/// What the data endpoints need to know about signals: the one a label names.
///
/// The capability backs it with the catalog's ``SignalStore``; the data endpoints only see
/// this protocol.
public protocol SignalDirectory: Sendable {
    /// The signal labelled exactly `label`, or `nil` when there is none.
    func signal(labelled label: String) async throws -> Signal?
}

extension SignalStore: SignalDirectory {}
