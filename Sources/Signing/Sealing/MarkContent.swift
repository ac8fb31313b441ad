/// What a mark on a page shows.
public enum MarkContent: Sendable, Hashable {
    /// A picture, such as a drawn signature: the bytes of a PNG or JPEG file, scaled to fit
    /// the box with its proportions kept.
    case image([UInt8])
    /// A value typed or chosen by the recipient, or a date: one line per line of the text,
    /// in a font size that fits the box.
    case text(String)
    /// A checkbox: a check mark in a square when `true`, the empty square when `false`.
    case check(Bool)
}
