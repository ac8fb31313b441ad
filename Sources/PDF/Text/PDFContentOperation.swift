/// One operation of a content stream (ISO 32000-1 §7.8.2): the operands written before an
/// operator, and the operator.
struct PDFContentOperation: Equatable {
    /// The operands, in the order written.
    var operands: [PDFObject]
    /// The operator, such as `Tj` or `cm`.
    var operatorName: String

    /// The operands when they are all numbers, else `nil`.
    var numbers: [Double]? {
        var values: [Double] = []
        for operand in operands {
            guard let value = operand.numberValue, value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }
}
