import JSON
import Testing

@testable import NotificationKit

/// Each diagnostic code fires on its failing input and stays silent on its passing one.
@Suite struct ValidatorCodeTests {
    @Test(arguments: ValidatorCaseTable.all)
    func failingInputReportsTheCode(_ testCase: ValidatorCase) {
        let report = testCase.failing.report
        #expect(report.codes.contains(testCase.code), "\(report.diagnostics)")
        let diagnostic = report.diagnostics.first { $0.code == testCase.code }
        let severity =
            PayloadCode(rawValue: testCase.code)?.severity
            ?? ActivityCode(rawValue: testCase.code)?.severity
        #expect(diagnostic?.severity == severity ?? .error)
        #expect(report.valid == !report.diagnostics.contains { $0.severity == .error })
    }

    @Test(arguments: ValidatorCaseTable.all)
    func passingInputDoesNotReportTheCode(_ testCase: ValidatorCase) {
        let report = testCase.passing.report
        #expect(!report.codes.contains(testCase.code), "\(report.diagnostics)")
    }

    @Test func everyValidatorCodeHasACase() {
        let covered = Set(ValidatorCaseTable.all.map(\.code))
        let missing = PayloadCode.allCases.map(\.rawValue).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "codes without a test case: \(missing)")
    }

    @Test func everyActivityCodeHasACase() {
        let covered = Set(ValidatorCaseTable.all.map(\.code))
        let missing = ActivityCode.allCases.map(\.rawValue).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "Live Activity codes without a test case: \(missing)")
    }

    @Test func everyReaderCodeHasACase() {
        let covered = Set(ValidatorCaseTable.all.map(\.code))
        let missing = JSONReadCode.allCases.map(\.rawValue).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "reader codes without a test case: \(missing)")
    }
}
