import Logging

/// Sets up logging for a command: structured lines on standard error, so that standard
/// output carries only what the command prints for the caller.
enum CommandLogging {
    /// A logger for this process at `level`, bootstrapping the logging system on first use.
    static func logger(level: Logger.Level) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var logger = Logger(label: "chancery")
        logger.logLevel = level
        return logger
    }
}
