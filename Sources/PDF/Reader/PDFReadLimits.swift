/// Bounds that keep reading untrusted files finite in time and memory.
public struct PDFReadLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and dictionaries in one object.
    public var maximumNesting: Int
    /// The most objects a cross-reference section or object stream may declare.
    public var maximumObjectCount: Int
    /// The most bytes one stream may decode to.
    public var maximumDecodedStreamSize: Int
    /// The most bytes all the streams of a file may decode to, counting every decode.
    public var maximumTotalDecodedSize: Int
    /// The most cross-reference sections followed through `/Prev` and `/XRefStm`.
    public var maximumCrossReferenceSections: Int
    /// The most pages, and page tree nodes, walked.
    public var maximumPageCount: Int

    /// Creates limits.
    public init(
        maximumNesting: Int,
        maximumObjectCount: Int,
        maximumDecodedStreamSize: Int,
        maximumTotalDecodedSize: Int,
        maximumCrossReferenceSections: Int,
        maximumPageCount: Int
    ) {
        self.maximumNesting = maximumNesting
        self.maximumObjectCount = maximumObjectCount
        self.maximumDecodedStreamSize = maximumDecodedStreamSize
        self.maximumTotalDecodedSize = maximumTotalDecodedSize
        self.maximumCrossReferenceSections = maximumCrossReferenceSections
        self.maximumPageCount = maximumPageCount
    }

    /// Limits far above what real documents need: nesting 64, 8 million objects, 256 MiB per
    /// decoded stream and 2 GiB for all of a file's, 10,000 cross-reference sections, 1 million
    /// pages.
    public static let standard = PDFReadLimits(
        maximumNesting: 64,
        maximumObjectCount: 8_000_000,
        maximumDecodedStreamSize: 256 << 20,
        maximumTotalDecodedSize: 2 << 30,
        maximumCrossReferenceSections: 10_000,
        maximumPageCount: 1_000_000
    )
}
