import Foundation
import JSON
import MediaCheck
import NotificationKit

/// `pushboard media-check`: downloads a media URL as a notification service extension would
/// and says whether iOS will attach it, with the same checks and address guard as the server.
enum MediaCheckCommand: Command {
    static let words = ["media-check"]
    static let valueOptions: Set<String> = ["format", "ca-file", "timeout"]
    static let flagOptions: Set<String> = ["allow-private-media"]
    static let usage = """
        pushboard media-check [--format text|json] [--timeout SECONDS] [--allow-private-media] [--ca-file FILE] URL

        Checks that iOS will attach the media at URL: https, reachable, a public address (every
        redirect too, at most 3), Content-Type matching the bytes, a type iOS attaches, within
        Apple's size limit (image 10 MB, audio 5 MB, video 50 MB); reports an image's pixel size,
        an animated GIF's frames and an aspect far from 2:1. Findings are media.check.* codes
        (docs/validation-rules.md).
          --format FORMAT        text (default) or json
          --timeout SECONDS      whole check, redirects included (default 10; connect: 3)
          --allow-private-media  allow loopback and private-network addresses (for testing)
          --ca-file FILE         trust the certificates in this PEM file instead of the system's
                                 (a test server's self-signed certificate)
        Exit status: 0 iOS will attach it (warnings allowed), 1 it will not, 2 usage error.
        """

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.operands.count == 1 else {
            throw UsageError(arguments.operands.isEmpty ? "missing URL" : "give exactly one URL")
        }
        let format = arguments["format"] ?? "text"
        guard ["text", "json"].contains(format) else {
            throw UsageError("--format must be text or json, not '\(format)'")
        }
        var configuration = MediaCheckConfiguration()
        configuration.allowsPrivateAddresses = arguments.has("allow-private-media")
        configuration.caFile = arguments["ca-file"]
        if let seconds = try arguments.integer("timeout", in: 1...120) {
            configuration.totalTimeout = seconds * 1000
            configuration.connectTimeout = min(configuration.connectTimeout, seconds * 1000)
        }
        let report = try MediaChecker(configuration: configuration).check(arguments.operands[0])
        if format == "json" {
            Console.out(JSONWriter(style: .pretty).string(report.jsonValue()))
        } else {
            Console.out(String(report.text.dropLast()))
        }
        return report.passed ? 0 : 1
    }
}
