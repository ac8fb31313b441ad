extension PDFStream {
    /// A stream holding `data` compressed with FlateDecode: `dictionary` plus `/Filter
    /// /FlateDecode` (any /DecodeParms it holds is kept and must describe `data`).
    public init(flateEncoding data: [UInt8], dictionary: PDFDictionary) {
        var dictionary = dictionary
        dictionary["Filter"] = .name("FlateDecode")
        self.init(dictionary: dictionary, data: PDFFlate.compress(data))
    }
}
