extension QEDFile: Comparable {
    /// Whether `lhs` was taken before `rhs`: the order of ``dateTaken``, and nothing else.
    public static func < (lhs: QEDFile, rhs: QEDFile) -> Bool {
        lhs.dateTaken < rhs.dateTaken
    }

    /// Whether two values stand for the same file.
    ///
    /// Two files with a ``slug`` each are equal when the slugs are, since they name the same
    /// report. When one or both have no slug, they are equal when their ``dateTaken`` are,
    /// so that a file before it is reported equals the copy the server's answer produced.
    /// No other property takes part.
    public static func == (lhs: QEDFile, rhs: QEDFile) -> Bool {
        if let left = lhs.slug, let right = rhs.slug {
            return left == right
        }
        return lhs.dateTaken == rhs.dateTaken
    }
}
