/// A delegate held without keeping it alive.
struct WeakReference<Object>: Sendable {
    /// The delegate, while it lives.
    private weak var reference: (any AnyObject & Sendable)?

    /// Holds `reference` weakly.
    init(_ reference: any AnyObject & Sendable) {
        self.reference = reference
    }

    /// The delegate as the protocol it was added as, while it lives.
    var object: Object? {
        reference as? Object
    }

    /// Whether it holds `other`, or nothing any more.
    func holdsNothingOr(_ other: any AnyObject & Sendable) -> Bool {
        guard let reference else { return true }
        return reference === other
    }
}

extension Array {
    /// Adds `object` unless it is there; drops entries whose object is gone.
    mutating func addWeakly<Object>(_ object: any AnyObject & Sendable) where Element == WeakReference<Object> {
        removeAll { $0.holdsNothingOr(object) }
        append(WeakReference(object))
    }

    /// Removes `object` and entries whose object is gone.
    mutating func removeWeakly<Object>(_ object: any AnyObject & Sendable) where Element == WeakReference<Object> {
        removeAll { $0.holdsNothingOr(object) }
    }
}
