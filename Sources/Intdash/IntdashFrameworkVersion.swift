/// The version of the intdash SDK for Swift whose API this SDK follows.
public let kIntdashFrameworkVersion = "1.1.3"
