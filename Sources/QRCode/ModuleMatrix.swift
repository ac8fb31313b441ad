/// The square of modules of a symbol under construction.
///
/// Besides each module's colour the matrix remembers which modules belong to function
/// patterns (finders, separators, timing, alignment, format and version information), so
/// that codeword placement and masking touch only the data modules.
struct ModuleMatrix {
    /// The number of modules along each side.
    let size: Int

    /// The modules row by row; `true` is dark.
    private(set) var modules: [Bool]

    /// Whether each module, row by row, belongs to a function pattern.
    private var functionModules: [Bool]

    /// A matrix for `version` with every function pattern drawn and the format information
    /// area reserved; all data modules are light.
    init(version: Int) {
        size = QRCode.size(ofVersion: version)
        modules = Array(repeating: false, count: size * size)
        functionModules = Array(repeating: false, count: size * size)
        drawFunctionPatterns(version: version)
    }

    /// The colour of the module in column `x` and row `y`; `true` is dark.
    subscript(x: Int, y: Int) -> Bool {
        get { modules[y * size + x] }
        set {
            precondition(!functionModules[y * size + x], "function patterns are drawn with setFunctionModule")
            modules[y * size + x] = newValue
        }
    }

    /// Whether the module in column `x` and row `y` belongs to a function pattern.
    func isFunctionModule(x: Int, y: Int) -> Bool {
        functionModules[y * size + x]
    }

    /// Makes the module in column `x` and row `y` part of a function pattern with colour `dark`.
    mutating func setFunctionModule(x: Int, y: Int, dark: Bool) {
        modules[y * size + x] = dark
        functionModules[y * size + x] = true
    }
}
