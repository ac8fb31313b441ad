extension PDFFile {
    /// The font that the font dictionary `dictionary` describes, read for text extraction
    /// (ISO 32000-1 §9.6, §9.7, §9.10).
    ///
    /// Reading never fails: what is missing or broken falls back. Simple fonts (Type 1,
    /// TrueType, Type 3, and any subtype but Type 0) take one byte a code; their widths come
    /// from `/FirstChar` and `/Widths`, else from the standard font that `/BaseFont` names,
    /// else from the descriptor's `/MissingWidth`, else are 0; their text comes from
    /// `/ToUnicode`, else from `/Encoding` (a base encoding with `/Differences` read through
    /// ``PDFGlyphNames``; for a font without one, the built-in encoding of Symbol and
    /// ZapfDingbats, else StandardEncoding). Type 0 fonts take their codes and CIDs from
    /// their encoding CMap (`Identity-H` and `Identity-V`: two bytes, CID = code; another
    /// predefined CMap: two bytes, read as if it were Identity; an embedded CMap: its code
    /// space ranges and CID mappings), their widths from the descendant's `/W` and `/DW`,
    /// their text from `/ToUnicode` only.
    func textFont(from dictionary: PDFDictionary) -> PDFTextFont {
        let toUnicode = characterMap(dictionary["ToUnicode"])
        if dictionary["Subtype"]?.nameValue == "Type0" {
            return compositeTextFont(from: dictionary, toUnicode: toUnicode)
        }
        return simpleTextFont(from: dictionary, toUnicode: toUnicode)
    }

    /// The simple font `dictionary`.
    private func simpleTextFont(from dictionary: PDFDictionary, toUnicode: PDFCharacterMap?) -> PDFTextFont {
        var font = PDFTextFont()
        var glyphSpaceScale = 0.001
        if dictionary["Subtype"]?.nameValue == "Type3" {
            glyphSpaceScale = numbers(dictionary["FontMatrix"]).flatMap { $0.count == 6 ? $0[0] : nil } ?? 0.001
        }
        let standardFont = (resolvedOrNil(dictionary["BaseFont"])?.nameValue).flatMap(PDFStandardFont.init(baseFontName:))
        let (baseEncoding, differences) = encoding(resolvedOrNil(dictionary["Encoding"]))
        var encodedText: [String] = []
        for code in 0...255 {
            if let name = differences[code] {
                encodedText.append(PDFGlyphNames.text(of: name) ?? "")
            } else if let baseEncoding {
                encodedText.append(Self.text(ofScalar: baseEncoding.unicode(of: UInt8(code))))
            } else if standardFont == .symbol {
                encodedText.append(PDFGlyphNames.text(of: Self.builtInGlyphName(of: code, in: .symbol)) ?? "")
            } else if standardFont == .zapfDingbats {
                encodedText.append("")
            } else {
                encodedText.append(Self.text(ofScalar: PDFBaseEncoding.standard.unicode(of: UInt8(code))))
            }
        }
        for (code, text) in encodedText.enumerated() where !text.isEmpty {
            font.textByCode[UInt32(code)] = text
        }
        for (code, text) in toUnicode?.textByCode ?? [:] {
            font.textByCode[code] = text
        }

        let descriptor = resolvedOrNil(dictionary["FontDescriptor"])?.dictionaryValue
        let missingWidth = resolvedOrNil(descriptor?["MissingWidth"])?.numberValue ?? 0
        font.defaultWidth = missingWidth * glyphSpaceScale
        if let widths = resolvedOrNil(dictionary["Widths"])?.arrayValue,
            let firstCode = resolvedOrNil(dictionary["FirstChar"])?.integerValue, (0...255).contains(firstCode)
        {
            for (offset, width) in widths.prefix(256 - firstCode).enumerated() {
                font.widthByCode[UInt32(firstCode + offset)] = (resolvedOrNil(width)?.numberValue ?? missingWidth) * glyphSpaceScale
            }
        } else if let standardFont {
            for code in 0...255 {
                let text = encodedText[code]
                guard let standardCode = Self.standardCode(of: code, in: standardFont, differences: differences, text: text) else {
                    continue
                }
                font.widthByCode[UInt32(code)] = Double(PDFFontMetrics.glyphWidth(of: standardCode, in: standardFont)) / 1000
            }
        }
        return font
    }

    /// The code under which the standard font's width table lists the glyph that `code`
    /// shows: for Symbol and ZapfDingbats the code of its glyph name in their built-in
    /// encoding, for the Latin fonts the WinAnsiEncoding code of its text.
    private static func standardCode(of code: Int, in font: PDFStandardFont, differences: [Int: String], text: String) -> UInt8? {
        if !font.usesWinAnsiEncoding {
            guard let name = differences[code] else { return UInt8(code) }
            return PDFFontMetrics.code(ofGlyphNamed: name, in: font)
        }
        guard text.count == 1, let character = text.first else { return nil }
        let winAnsiCode = PDFWinAnsiEncoding.code(for: character)
        return winAnsiCode == PDFWinAnsiEncoding.replacement && character != "?" ? nil : winAnsiCode
    }

    /// The glyph name of `code` in the built-in encoding of Symbol or ZapfDingbats.
    private static func builtInGlyphName(of code: Int, in font: PDFStandardFont) -> String {
        let names = font == .symbol ? PDFStandardFontWidths.symbolGlyphNames : PDFStandardFontWidths.zapfDingbatsGlyphNames
        return code >= 32 && code - 32 < names.count ? names[code - 32] : ""
    }

    /// The text of a base encoding's scalar value; empty for 0.
    private static func text(ofScalar value: UInt16) -> String {
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "" }
        return String(Character(scalar))
    }

    /// The base encoding and the differences of a simple font's `/Encoding`: a name, or a
    /// dictionary with `/BaseEncoding` and `/Differences` (§9.6.6.1). Unknown names give no
    /// base encoding.
    private func encoding(_ object: PDFObject?) -> (base: PDFBaseEncoding?, differences: [Int: String]) {
        switch object {
        case .name(let name)?:
            return (PDFBaseEncoding(rawValue: name), [:])
        case .dictionary(let dictionary)?:
            let base = (resolvedOrNil(dictionary["BaseEncoding"])?.nameValue).flatMap(PDFBaseEncoding.init(rawValue:))
            var differences: [Int: String] = [:]
            var code: Int?
            for element in resolvedOrNil(dictionary["Differences"])?.arrayValue ?? [] {
                switch resolvedOrNil(element) {
                case .integer(let value)?:
                    code = value
                case .name(let name)?:
                    if let current = code, (0...255).contains(current) {
                        differences[current] = name
                    }
                    code = code.map { $0 + 1 }
                default:
                    continue
                }
            }
            return (base, differences)
        default:
            return (nil, [:])
        }
    }

    /// The composite (Type 0) font `dictionary`.
    private func compositeTextFont(from dictionary: PDFDictionary, toUnicode: PDFCharacterMap?) -> PDFTextFont {
        var font = PDFTextFont()
        font.codeSpace = .twoBytes
        font.textByCode = toUnicode?.textByCode ?? [:]
        var cidByCode: [UInt32: Int] = [:]
        if case .name(let name)? = resolvedOrNil(dictionary["Encoding"]) {
            font.isVertical = name.hasSuffix("-V")
        } else if let stream = try? stream(dictionary["Encoding"] ?? .null), let data = try? decodedData(of: stream) {
            let map = PDFCharacterMap(parsing: data)
            if !map.codeSpaceRanges.isEmpty {
                font.codeSpace = .ranges(map)
            }
            cidByCode = map.cidByCode
            font.isVertical = resolvedOrNil(stream.dictionary["WMode"])?.integerValue == 1
        }

        let descendant = resolvedOrNil(resolvedOrNil(dictionary["DescendantFonts"])?.arrayValue?.first)?.dictionaryValue
        let defaultWidth = resolvedOrNil(descendant?["DW"])?.numberValue ?? 1000
        font.defaultWidth = defaultWidth / 1000
        if let verticalMetrics = numbers(descendant?["DW2"]), verticalMetrics.count == 2 {
            font.verticalAdvance = verticalMetrics[1] / 1000
        }
        let widthByCID = cidWidths(resolvedOrNil(descendant?["W"])?.arrayValue ?? [])
        if cidByCode.isEmpty {
            for (cid, width) in widthByCID {
                font.widthByCode[UInt32(cid)] = width / 1000
            }
        } else {
            for (code, cid) in cidByCode {
                font.widthByCode[code] = (widthByCID[cid] ?? defaultWidth) / 1000
            }
        }
        return font
    }

    /// The widths of a CIDFont's `/W` array by CID (§9.7.4.3), in thousandths of the font
    /// size: entries `c [w1 w2 …]` and `cfirst clast w`. At most
    /// ``PDFCharacterMap/maximumMappingCount`` widths are read; CIDs beyond 65535 are not.
    private func cidWidths(_ elements: [PDFObject]) -> [Int: Double] {
        var widths: [Int: Double] = [:]
        var index = 0
        let room = { PDFCharacterMap.maximumMappingCount - widths.count }
        while index + 1 < elements.count, room() > 0 {
            guard let first = resolvedOrNil(elements[index])?.integerValue, (0...0xFFFF).contains(first) else {
                index += 1
                continue
            }
            let next = resolvedOrNil(elements[index + 1])
            if let list = next?.arrayValue {
                for (offset, width) in list.prefix(min(room(), 0x10000 - first)).enumerated() {
                    if let value = resolvedOrNil(width)?.numberValue {
                        widths[first + offset] = value
                    }
                }
                index += 2
            } else if let last = next?.integerValue, index + 2 < elements.count,
                let width = resolvedOrNil(elements[index + 2])?.numberValue
            {
                let upper = min(last, 0xFFFF, first + room() - 1)
                if upper >= first {
                    for cid in first...upper {
                        widths[cid] = width
                    }
                }
                index += 3
            } else {
                index += 1
            }
        }
        return widths
    }

    /// The CMap of the stream `object` refers to; `nil` when it is no readable stream.
    private func characterMap(_ object: PDFObject?) -> PDFCharacterMap? {
        guard let object, let stream = try? stream(object), let data = try? decodedData(of: stream) else { return nil }
        return PDFCharacterMap(parsing: data)
    }

    /// The numbers of the array `object` is or refers to; `nil` when it is no array of
    /// finite numbers.
    private func numbers(_ object: PDFObject?) -> [Double]? {
        guard let elements = resolvedOrNil(object)?.arrayValue else { return nil }
        var values: [Double] = []
        for element in elements {
            guard let value = resolvedOrNil(element)?.numberValue, value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }

    /// `object` with references followed, or `nil` when it is absent or cannot be read.
    func resolvedOrNil(_ object: PDFObject?) -> PDFObject? {
        guard let object else { return nil }
        return try? resolve(object)
    }
}
