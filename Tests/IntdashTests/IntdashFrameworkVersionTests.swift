import Intdash
import Testing

/// The SDK says which intdash SDK for Swift it follows.
@Suite struct IntdashFrameworkVersionTests {
    @Test func followsVersion113() {
        #expect(kIntdashFrameworkVersion == "1.1.3")
    }
}
