/// Interprets content streams for the text they show (ISO 32000-1 §8.2, §9.4): it follows
/// the operators that place glyphs — `q Q cm`, `BT ET`, `Tf Tc Tw Tz TL Ts`,
/// `Td TD Tm T*`, `Tj TJ ' "` — and draws Form XObjects with `Do`, and collects every
/// glyph shown, in order. All other operators are read and ignored.
///
/// The work is bounded for untrusted files: at most ``maximumOperationCount`` operations
/// (forms included) and ``maximumGlyphCount`` glyphs, after which the rest is not read; forms
/// nested at most ``maximumFormDepth`` deep, and a form never drawn inside itself; at most
/// ``maximumSavedStateCount`` graphics states saved at once, the `q` beyond them and their
/// `Q` ignored. Malformed operations are skipped.
struct PDFTextExtractor {
    /// The most operations interpreted.
    static let maximumOperationCount = 1_000_000
    /// The most glyphs collected.
    static let maximumGlyphCount = 200_000
    /// The deepest nesting of Form XObjects drawn.
    static let maximumFormDepth = 12
    /// The most graphics states saved at once.
    static let maximumSavedStateCount = 256

    /// The file the fonts and forms are read from.
    let file: PDFFile
    /// The glyphs collected so far.
    private(set) var glyphs: [PDFTextGlyph] = []

    /// The current graphics state.
    private var state = PDFTextGraphicsState()
    /// The states saved by `q`, innermost last.
    private var savedStates: [PDFTextGraphicsState] = []
    /// How many `q` beyond ``maximumSavedStateCount`` are waiting for their `Q`.
    private var ignoredSaveCount = 0
    /// The text matrix: where the next glyph goes, in text space.
    private var textMatrix = PDFTransformationMatrix.identity
    /// The text line matrix: the start of the current line.
    private var lineMatrix = PDFTransformationMatrix.identity
    /// The operations interpreted so far.
    private var operationCount = 0
    /// The object numbers of the forms being drawn.
    private var formsBeingDrawn: Set<Int> = []
    /// The fonts read so far, by the object number of their dictionary.
    private var fonts: [Int: PDFTextFont] = [:]
    /// The fonts read so far whose dictionaries stand directly in the resources of the
    /// stream being interpreted, by resource name.
    private var directFonts: [String: PDFTextFont] = [:]
    /// The decoded content of the forms drawn so far, by object number.
    private var formContents: [Int: [UInt8]] = [:]
    /// The font for text shown with a font that cannot be found: Helvetica in
    /// WinAnsiEncoding, read when first needed.
    private var fallbackFont: PDFTextFont?

    /// Creates an extractor reading fonts and forms from `file`.
    init(file: PDFFile) {
        self.file = file
    }

    /// Whether a bound has been reached, so that nothing more is read.
    private var isExhausted: Bool {
        operationCount >= Self.maximumOperationCount || glyphs.count >= Self.maximumGlyphCount
    }

    /// Interprets the content stream `content`, whose names refer to `resources`, drawn
    /// inside `depth` forms.
    ///
    /// - Throws: ``PDFReadError/limitExceeded(_:)`` when decoding a form would exceed the
    ///   file's decoding budget.
    mutating func run(_ content: [UInt8], resources: PDFDictionary?, depth: Int) throws(PDFReadError) {
        var reader = PDFContentStreamReader(bytes: content, limits: file.limits)
        let outerDirectFonts = directFonts
        directFonts = [:]
        defer { directFonts = outerDirectFonts }
        while !isExhausted, let operation = reader.next() {
            operationCount += 1
            try perform(operation, resources: resources, depth: depth)
        }
    }

    /// Performs one operation.
    private mutating func perform(_ operation: PDFContentOperation, resources: PDFDictionary?, depth: Int) throws(PDFReadError) {
        let numbers = operation.numbers
        switch operation.operatorName {
        case "q":
            if savedStates.count < Self.maximumSavedStateCount {
                savedStates.append(state)
            } else {
                ignoredSaveCount += 1
            }
        case "Q":
            if ignoredSaveCount > 0 {
                ignoredSaveCount -= 1
            } else if let saved = savedStates.popLast() {
                state = saved
            }
        case "cm":
            if let matrix = numbers.flatMap(PDFTransformationMatrix.init) {
                state.transformation = matrix.concatenating(state.transformation)
            }
        case "BT":
            textMatrix = .identity
            lineMatrix = .identity
        case "Tf":
            guard operation.operands.count >= 2, let name = operation.operands[operation.operands.count - 2].nameValue,
                let size = operation.operands.last?.numberValue, size.isFinite
            else { return }
            state.font = font(named: name, in: resources)
            state.fontSize = size
        case "Tc":
            if let value = numbers?.last { state.characterSpacing = value }
        case "Tw":
            if let value = numbers?.last { state.wordSpacing = value }
        case "Tz":
            if let value = numbers?.last { state.horizontalScaling = value / 100 }
        case "TL":
            if let value = numbers?.last { state.leading = value }
        case "Ts":
            if let value = numbers?.last { state.rise = value }
        case "Td", "TD":
            guard let numbers, numbers.count >= 2 else { return }
            let (x, y) = (numbers[numbers.count - 2], numbers[numbers.count - 1])
            if operation.operatorName == "TD" {
                state.leading = -y
            }
            moveToNextLine(x: x, y: y)
        case "Tm":
            guard let numbers, numbers.count >= 6, let matrix = PDFTransformationMatrix(Array(numbers.suffix(6))) else { return }
            textMatrix = matrix
            lineMatrix = matrix
        case "T*":
            moveToNextLine(x: 0, y: -state.leading)
        case "Tj":
            if let string = operation.operands.last?.stringBytes {
                show(string)
            }
        case "'":
            moveToNextLine(x: 0, y: -state.leading)
            if let string = operation.operands.last?.stringBytes {
                show(string)
            }
        case "\"":
            let operands = operation.operands
            guard operands.count >= 3, let string = operands[operands.count - 1].stringBytes,
                let wordSpacing = operands[operands.count - 3].numberValue, let characterSpacing = operands[operands.count - 2].numberValue,
                wordSpacing.isFinite, characterSpacing.isFinite
            else { return }
            state.wordSpacing = wordSpacing
            state.characterSpacing = characterSpacing
            moveToNextLine(x: 0, y: -state.leading)
            show(string)
        case "TJ":
            for element in operation.operands.last?.arrayValue ?? [] {
                if let string = element.stringBytes {
                    show(string)
                } else if let adjustment = element.numberValue, adjustment.isFinite {
                    moveBack(by: adjustment)
                }
            }
        case "Do":
            if let name = operation.operands.last?.nameValue {
                try drawForm(named: name, resources: resources, depth: depth)
            }
        default:
            return
        }
    }

    /// Starts a new line offset by `(x, y)` from the start of the current one.
    private mutating func moveToNextLine(x: Double, y: Double) {
        lineMatrix = PDFTransformationMatrix.translation(x: x, y: y).concatenating(lineMatrix)
        textMatrix = lineMatrix
    }

    /// Moves the pen back by `adjustment` thousandths of the font size, as a number in a
    /// `TJ` array does: to the left in horizontal writing, up in vertical writing.
    private mutating func moveBack(by adjustment: Double) {
        let distance = -adjustment / 1000 * state.fontSize
        let isVertical = state.font?.isVertical ?? false
        let translation =
            isVertical
            ? PDFTransformationMatrix.translation(x: 0, y: distance)
            : PDFTransformationMatrix.translation(x: distance * state.horizontalScaling, y: 0)
        textMatrix = translation.concatenating(textMatrix)
    }

    /// Shows the glyphs of `string` in the current font, collecting each and moving the pen
    /// past it (§9.4.4).
    ///
    /// In horizontal writing a glyph's rectangle in text space runs from the pen across its
    /// width and from the raised baseline up by the font size; in vertical writing it is
    /// centred on the pen horizontally and runs down from it by the vertical advance.
    private mutating func show(_ string: [UInt8]) {
        let font = state.font ?? helvetica()
        let size = state.fontSize
        let scaling = state.horizontalScaling
        for code in font.codes(in: string, maximumCount: Self.maximumGlyphCount - glyphs.count) {
            let rendering = textMatrix.concatenating(state.transformation)
            let width = font.width(of: code) * size
            let spacing = state.characterSpacing + (code.isSingleByteSpace ? state.wordSpacing : 0)
            let rectangle: PDFRect
            if font.isVertical {
                let advance = font.verticalAdvance * size
                rectangle = PDFRect(x: -width / 2, y: advance, width: width, height: -advance)
                textMatrix = PDFTransformationMatrix.translation(x: 0, y: advance + spacing).concatenating(textMatrix)
            } else {
                rectangle = PDFRect(x: 0, y: state.rise, width: width * scaling, height: size)
                textMatrix = PDFTransformationMatrix.translation(x: (width + spacing) * scaling, y: 0).concatenating(textMatrix)
            }
            let box = rendering.boundingBox(of: rectangle)
            let fontSize = abs(size) * rendering.verticalScale
            guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite, fontSize.isFinite else { continue }
            glyphs.append(PDFTextGlyph(text: font.text(of: code), box: box, fontSize: fontSize))
        }
    }

    /// The font `name` of `resources`' `/Font`; the fallback font when there is none.
    private mutating func font(named name: String, in resources: PDFDictionary?) -> PDFTextFont {
        let fontResources = file.resolvedOrNil(resources?["Font"])?.dictionaryValue
        guard let entry = fontResources?[name] else { return helvetica() }
        let cached = entry.referenceValue.flatMap { fonts[$0.number] } ?? directFonts[name]
        if let cached {
            return cached
        }
        guard let dictionary = file.resolvedOrNil(entry)?.dictionaryValue else { return helvetica() }
        let font = file.textFont(from: dictionary)
        if let reference = entry.referenceValue {
            fonts[reference.number] = font
        } else {
            directFonts[name] = font
        }
        return font
    }

    /// The fallback font: Helvetica in WinAnsiEncoding.
    private mutating func helvetica() -> PDFTextFont {
        if let fallbackFont {
            return fallbackFont
        }
        let font = file.textFont(from: ["Subtype": .name("Type1"), "BaseFont": .name("Helvetica"), "Encoding": .name("WinAnsiEncoding")])
        fallbackFont = font
        return font
    }

    /// Draws the Form XObject `name` of `resources`' `/XObject` (§8.10): its content, with its
    /// `/Matrix` applied and its own `/Resources` (those of the stream drawing it when it has
    /// none), in a saved graphics state. Image XObjects, forms that cannot be read, forms
    /// too deep and forms already being drawn are skipped.
    ///
    /// - Throws: ``PDFReadError/limitExceeded(_:)`` when decoding the form would exceed the
    ///   file's decoding budget.
    private mutating func drawForm(named name: String, resources: PDFDictionary?, depth: Int) throws(PDFReadError) {
        let forms = file.resolvedOrNil(resources?["XObject"])?.dictionaryValue
        guard depth < Self.maximumFormDepth, let reference = forms?[name]?.referenceValue,
            !formsBeingDrawn.contains(reference.number),
            let stream = try? file.stream(.reference(reference)),
            file.resolvedOrNil(stream.dictionary["Subtype"])?.nameValue == "Form",
            let content = try formContent(stream, reference: reference)
        else { return }

        let matrix = formMatrix(stream.dictionary["Matrix"])
        let formResources = file.resolvedOrNil(stream.dictionary["Resources"])?.dictionaryValue ?? resources
        let outer = (state, savedStates.count, ignoredSaveCount, textMatrix, lineMatrix)
        formsBeingDrawn.insert(reference.number)
        defer {
            formsBeingDrawn.remove(reference.number)
            (state, ignoredSaveCount, textMatrix, lineMatrix) = (outer.0, outer.2, outer.3, outer.4)
            savedStates.removeLast(savedStates.count - outer.1)
        }
        state.transformation = matrix.concatenating(state.transformation)
        try run(content, resources: formResources, depth: depth + 1)
    }

    /// The decoded content of the form `stream`; `nil` when its filters fail.
    ///
    /// - Throws: ``PDFReadError/limitExceeded(_:)`` when decoding it would exceed the file's
    ///   decoding budget.
    private mutating func formContent(_ stream: PDFStream, reference: PDFReference) throws(PDFReadError) -> [UInt8]? {
        if let cached = formContents[reference.number] {
            return cached
        }
        do {
            let content = try file.decodedData(of: stream, reference: reference)
            formContents[reference.number] = content
            return content
        } catch .limitExceeded(let reason) {
            throw .limitExceeded(reason)
        } catch {
            return nil
        }
    }

    /// The form matrix `object` is or refers to; the identity when it is no matrix.
    private func formMatrix(_ object: PDFObject?) -> PDFTransformationMatrix {
        guard let elements = file.resolvedOrNil(object)?.arrayValue else { return .identity }
        let numbers = elements.compactMap { file.resolvedOrNil($0)?.numberValue }
        return PDFTransformationMatrix(numbers) ?? .identity
    }
}
