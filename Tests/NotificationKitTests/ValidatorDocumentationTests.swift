import Foundation
import JSON
import Testing

@testable import NotificationKit

/// `docs/validation-rules.md` lists every code the module can emit, and nothing else.
@Suite struct ValidatorDocumentationTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Code families; a string literal in the sources that starts with one of these and a dot is
    /// a diagnostic code.
    static let families = [
        "json", "payload", "aps", "category", "categories", "media", "alert", "background", "liveactivity",
        "widgets", "pushtotalk", "header", "envelope", "model", "export", "broadcast", "activities",
        "preview",
    ]

    /// The codes in the first column of the document's tables.
    static func documentedCodes() throws -> [String] {
        let text = try String(
            contentsOf: repository.appendingPathComponent("docs/validation-rules.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            // `media.check.*` belongs to the MediaCheck module and its own documentation test.
            guard line.hasPrefix("| `"), !line.hasPrefix("| `media.check.") else { return nil }
            let rest = line.dropFirst(3)
            guard let end = rest.firstIndex(of: "`") else { return nil }
            return String(rest[..<end])
        }
    }

    /// Every string literal in the sources of the modules that report diagnostics
    /// (NotificationKit, and NotificationPreview's `preview.cut`) that looks like a code.
    static func codesInSources() throws -> Set<String> {
        var codes = Set<String>()
        for module in ["Sources/NotificationKit", "Sources/NotificationPreview"] {
            try codes.formUnion(Self.codes(in: repository.appendingPathComponent(module)))
        }
        return codes
    }

    /// The code-like literals of the Swift files under `sources`.
    private static func codes(in sources: URL) throws -> Set<String> {
        var codes = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        let pattern = try Regex(#""([a-z]+(\.[a-z0-9-]+)+)""#)
        let codeArgument = #/code: "([a-z][a-z0-9.-]*)"/#
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            // Any literal handed to `Diagnostic(…, code: "…")` is a code, whatever its family.
            for match in text.matches(of: codeArgument) {
                codes.insert(String(match.1))
            }
            for match in text.matches(of: pattern) {
                let code = String(text[match.range].dropFirst().dropLast())
                if let family = code.split(separator: ".").first, families.contains(String(family)) {
                    codes.insert(code)
                }
            }
        }
        return codes
    }

    /// The codes the enums declare.
    static var declaredCodes: Set<String> {
        Set(
            DiagnosticCode.allCases.map(\.rawValue) + JSONReadCode.allCases.map(\.rawValue)
                + CategoryDiagnosticCode.allCases.map(\.rawValue) + ActivityCode.allCases.map(\.rawValue)
                + ActivityTypeCode.allCases.map(\.rawValue))
    }

    @Test func everyCodeIsDocumentedOnce() throws {
        let documented = try Self.documentedCodes()
        let emitted = try Self.codesInSources().union(Self.declaredCodes)
        let missing = emitted.subtracting(documented).sorted()
        #expect(missing.isEmpty, "codes not in docs/validation-rules.md: \(missing)")
        #expect(Set(documented).count == documented.count, "a code is listed twice")
    }

    @Test func everyDocumentedCodeExists() throws {
        let emitted = try Self.codesInSources().union(Self.declaredCodes)
        let stale = try Self.documentedCodes().filter { !emitted.contains($0) }
        #expect(stale.isEmpty, "documented codes nothing emits: \(stale)")
    }

    @Test func documentedSeverityMatchesTheCode() throws {
        let text = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/validation-rules.md"), encoding: .utf8)
        for code in DiagnosticCode.allCases {
            #expect(text.contains("| `\(code.rawValue)` | \(code.severity.rawValue) |"), "\(code.rawValue)")
        }
        for code in ActivityCode.allCases {
            #expect(text.contains("| `\(code.rawValue)` | \(code.severity.rawValue) |"), "\(code.rawValue)")
        }
        for code in CategoryDiagnosticCode.allCases {
            #expect(text.contains("| `\(code.rawValue)` | \(code.severity.rawValue) |"), "\(code.rawValue)")
        }
    }

    @Test func pushTypeRulesCoverEveryPushType() {
        #expect(Set(PushTypeRule.all.map(\.name)) == Set(APNsPushType.allCases.map(\.rawValue)))
    }
}
