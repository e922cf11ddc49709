import JSON
import NotificationKit
import Personalization

/// Templates the tests share, compiled from their parts.
enum Fixtures {
    /// A template built from a payload text, headers and declarations; fails the test when it
    /// does not compile.
    static func template(
        _ payload: String, headers: [String: String] = ["apns-push-type": "alert"],
        _ variables: [VariableDeclaration]
    ) throws -> PayloadTemplate {
        let compiled = PayloadTemplate.compile(
            payload: Array(payload.utf8), headers: headers, variables: variables)
        guard let template = compiled.template else {
            throw CompileFailure(diagnostics: compiled.diagnostics)
        }
        return template
    }

    /// The faults of a template that should not compile.
    static func faults(
        _ payload: String, headers: [String: String] = [:], _ variables: [VariableDeclaration]
    ) -> [Diagnostic] {
        PayloadTemplate.compile(payload: Array(payload.utf8), headers: headers, variables: variables)
            .diagnostics
    }

    /// A recipient's values from JSON text.
    static func recipient(_ text: String) -> JSONValue {
        JSONReader().read(text).root?.value ?? .null
    }

    static let validator = Validator(registry: nil)

    struct CompileFailure: Error {
        var diagnostics: [Diagnostic]
    }
}
