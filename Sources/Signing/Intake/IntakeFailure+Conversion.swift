import Conversion

extension IntakeFailure {
    /// The intake's failure for a conversion's `error`: LibreOffice's failures and time-outs
    /// end in the advice to upload a PDF instead.
    init(_ error: ConversionError) {
        switch error.reason {
        case .unreadableInput: self.init(.unreadableFile, error.message)
        case .inputTooLarge: self.init(.fileTooLarge, error.message)
        case .failed:
            self.init(.conversionFailed, error.message + "; it may be damaged, or need a LibreOffice component this server lacks; upload a PDF")
        case .timedOut: self.init(.conversionTimedOut, error.message + "; upload a PDF")
        }
    }

    /// The result of `conversion`, with a ``ConversionError`` it throws turned into an intake failure.
    static func converting<Value>(_ conversion: () async throws -> Value) async throws -> Value {
        do {
            return try await conversion()
        } catch let error as ConversionError {
            throw IntakeFailure(error)
        }
    }
}
