/// How many boxes of a ``CheckboxGroup`` must be ticked.
public enum CheckboxValidation: OpenEnumeration {
    /// At least ``CheckboxGroup/minValue``.
    case minimum
    /// At most ``CheckboxGroup/maxValue``.
    case maximum
    /// Between ``CheckboxGroup/minValue`` and ``CheckboxGroup/maxValue``.
    case range
    /// Exactly ``CheckboxGroup/exactValue``.
    case exact
    /// A rule this SDK does not know, as the server spelled it.
    case unknown(String)

    /// Every rule this SDK knows.
    public static let knownValues: [CheckboxValidation] = [.minimum, .maximum, .range, .exact]

    /// The rule as the API spells it.
    public var rawValue: String {
        switch self {
        case .minimum: "minimum"
        case .maximum: "maximum"
        case .range: "range"
        case .exact: "exact"
        case .unknown(let rawValue): rawValue
        }
    }
}
