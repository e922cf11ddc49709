import JSON

extension ValidationReport {
    /// The report for people at a terminal: one `file:line:col: severity: message [code]` line
    /// per finding (compilers' format, so editors can jump to it), then a summary line.
    ///
    /// When APNs would refuse the request, a line says so ("Not delivered: APNs answers 413
    /// PayloadTooLarge") above the summary. Findings without a place in the text (headers) name
    /// their path instead of a line. Every
    /// line is `terminalSafe`: messages quote payload values, keys and header options.
    public func text(file: String) -> String {
        var output = ""
        for diagnostic in diagnostics {
            var line = file + ":"
            if let number = diagnostic.line {
                line += "\(number):\(diagnostic.column ?? 1):"
            } else {
                line += " \(diagnostic.path):"
            }
            line += " \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
            output += line.terminalSafe + "\n"
        }
        if let refusal = apnsRefusal {
            output += (file + ": " + refusal.sentence).terminalSafe + "\n"
        }
        output += (file + ": " + summary).terminalSafe + "\n"
        return output
    }

    /// One line saying whether the payload is valid, how many findings of each kind it has and
    /// its size against the limit of its push type.
    public var summary: String {
        func count(_ severity: Severity, _ noun: String) -> String {
            let number = diagnostics.count { $0.severity == severity }
            return "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
        return (valid ? "valid" : "invalid") + " (" + count(.error, "error") + ", "
            + count(.warning, "warning")
            + ", " + count(.info, "info") + "); \(size.bytes) of \(size.limit) bytes for \(pushType)"
            + (assumedPushType == nil ? "" : " (assumed: no apns-push-type given)")
    }
}
