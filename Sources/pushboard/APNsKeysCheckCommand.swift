import APNs
import Foundation

/// `pushboard apns-keys check`: the credential doctor from the command line, without sending.
enum APNsKeysCheckCommand: Command {
    static let words = ["apns-keys", "check"]
    static let valueOptions = APNsOptions.valueOptions.union(["environment", "topic", "push-type"])
        .union(StoredCredentialOption.valueOptions)
    static let flagOptions: Set<String> = []
    static let usage = """
        pushboard apns-keys check --environment sandbox|production --topic TOPIC [--push-type TYPE]
            (--key FILE.p8 --key-id ID --team-id ID | --certificate FILE [--password-file FILE]
             | --stored ID [--data DIR])

        Reads the key or certificate and says, without contacting APNs, what APNs would refuse: the
        key's environment or topic scope against the environment and topic, the certificate's topics,
        environments and expiry, the topic's suffix for the push type, and whether this system's
        trust store holds the root APNs' servers use. One line per finding.
          --environment ENV   the devices' environment: sandbox or production (required)
          --topic TOPIC       the apns-topic the pushes will carry (the bundle ID, with the push type's suffix)
          --push-type TYPE    the apns-push-type (default alert)
        \(APNsOptions.help)
        \(StoredCredentialOption.help)
        Exit status: 0 nothing APNs would refuse (warnings allowed), 1 an error found or the
        credential does not read, 2 usage or I/O error.
        """

    static func run(_ given: ParsedArguments) throws -> Int32 {
        let arguments = try APNsOptions.withConfigFile(given)
        if let operand = try arguments.singleOperand() { throw UsageError("unexpected operand '\(operand)'") }
        guard let environmentName = arguments["environment"] else {
            throw UsageError("--environment sandbox or --environment production is required")
        }
        guard let environment = APNsEnvironment(rawValue: environmentName) else {
            throw UsageError("--environment must be sandbox or production, not '\(environmentName)'")
        }
        let endpoints = try APNsOptions.endpoints(arguments)
        let credential: APNsCredential
        do {
            credential = try StoredCredentialOption.credential(arguments) ?? APNsOptions.credential(arguments)
        } catch let failure as CredentialFailure {
            Console.error("pushboard apns-keys check: \(failure.message)")
            return 1
        }
        let findings = APNsCredentialDoctor.check(
            credential, environment: environment, topic: arguments["topic"] ?? "",
            pushType: arguments["push-type"] ?? "alert", now: Date(),
            trustStore: APNsOptions.trustStore(endpoints))
        Console.say("\(credential.label): \(environment.rawValue), topic \(arguments["topic"] ?? "(none)")")
        for finding in findings {
            Console.say("\(finding.severity.rawValue): \(finding.message) [\(finding.code)]")
        }
        return findings.contains { $0.severity == .error } ? 1 : 0
    }
}
