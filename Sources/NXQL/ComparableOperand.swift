/// Something a leaf condition compares with literals — a column or a JSON value — seen as
/// text, as a number, and as present or missing.
///
/// The literal chooses the view: numbers compare numerically with the number view, strings
/// (dates included) with the text view. Views are NULL where the value has another type, so
/// comparing mismatched data never raises a cast error and simply does not match.
struct ComparableOperand: Sendable {
    /// How literals choose a view.
    enum Coercion: Sendable {
        /// Every literal compares as text (text columns).
        case text
        /// Numbers use the number view, strings the text view.
        case mixed
        /// Numbers use the number view; the strings 'true'/'1' and 'false'/'0' become 1 and 0;
        /// other strings match nothing.
        case boolean
    }

    /// The value as text; nil when it has no text form.
    var textView: SQLFragment?

    /// The value as a number; nil when it has no numeric form.
    var numberView: SQLFragment?

    /// A condition that holds when the value is missing.
    var missingTest: SQLFragment

    /// Whether the views can be NULL for a document.
    var canBeNull: Bool

    /// How literals choose a view.
    var coercion: Coercion

    /// The operand of a column.
    init(column: DocumentColumn) {
        switch column.kind {
        case .text:
            textView = column.sql
            coercion = .text
        case .integer:
            textView = "CAST(\(column.sql) AS TEXT)"
            numberView = column.sql
            coercion = .mixed
        case .boolean:
            numberView = column.sql
            coercion = .boolean
        }
        missingTest = "\(column.sql) IS NULL"
        canBeNull = column.isNullable
    }

    /// An operand from its views.
    init(
        textView: SQLFragment?, numberView: SQLFragment?, missingTest: SQLFragment, canBeNull: Bool, coercion: Coercion
    ) {
        self.textView = textView
        self.numberView = numberView
        self.missingTest = missingTest
        self.canBeNull = canBeNull
        self.coercion = coercion
    }

    /// The view `literal` compares with, and the parameter to bind; nil when they cannot
    /// match.
    func view(for literal: LiteralValue) -> (view: SQLFragment, parameter: SQLParameter)? {
        switch coercion {
        case .text:
            return textView.map { ($0, .text(literal.text)) }
        case .mixed:
            if literal.isNumeric {
                return numberView.map { ($0, literal.parameter) }
            }
            return textView.map { ($0, .text(literal.text)) }
        case .boolean:
            guard let numberView else { return nil }
            if literal.isNumeric { return (numberView, literal.parameter) }
            switch literal.text.lowercased() {
            case "true", "1": return (numberView, .integer(1))
            case "false", "0": return (numberView, .integer(0))
            default: return nil
            }
        }
    }
}
