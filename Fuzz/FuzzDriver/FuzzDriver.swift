import Foundation

/// What every fuzz target's top-level code hands its checks to. A target is built two ways:
///
/// - by `scripts/fuzz-*` with `-sanitize=fuzzer,address -DFUZZING`: a libFuzzer fuzzer. SwiftPM
///   links an executable with `main` aliased to its top-level code, which hides libFuzzer's own
///   `main`, so ``run(_:)`` starts libFuzzer itself through `LLVMFuzzerRunDriver`, libFuzzer's
///   entry point for programs that have their own `main`;
/// - by a plain `swift build`: a tool that runs the same checks over the files named on its
///   command line, to replay a crashing input, e.g. under the debugger.
public enum FuzzDriver {
    /// The running target's checks; ``run(_:)`` sets them before any input is read.
    nonisolated(unsafe) static var exercise: ([UInt8]) -> Void = { _ in }

    /// Runs `exercise` over every input, libFuzzer's or the command line's, and exits.
    public static func run(_ exercise: @escaping ([UInt8]) -> Void) -> Never {
        Self.exercise = exercise
        #if FUZZING
        // Hands the command line to libFuzzer, which runs until it finds a bug or its limits end it.
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, fuzz))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                exit(1)
            }
            exercise(Array(data))
            print("\(path): no crash")
        }
        exit(0)
        #endif
    }
}

/// libFuzzer's entry point for one input: runs the target's checks over the `count` bytes at
/// `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzDriver.exercise(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

#if FUZZING
/// libFuzzer's driver: parses libFuzzer's command line `argc`/`argv` and fuzzes `test`
/// (needs `-enable-experimental-feature Extern`).
@_extern(c, "LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt
#endif
