import JSON
import Personalization

/// The sample-recipients target: the bytes are read as pasted or uploaded samples (JSON Lines or
/// CSV), and they are read as a table (rows by line, fields by tab) that is written as CSV, every
/// field quoted, and read back: each recipient must hold exactly its row's non-empty values, so a
/// value that swallows a separator, a quote or its neighbour stops the run.
enum SampleRecipientsFuzz {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = SampleRecipients.read(text)
        // A CSV field cannot hold a line break (the reader splits lines first).
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).prefix(64).map {
                String($0.unicodeScalars.filter { !Character($0).isNewline })
            }
        }
        let width = rows.map(\.count).max() ?? 0
        let names = (0..<width).map { "v\($0)" }
        let csv =
            ([names.joined(separator: ",")]
            + rows.map { row in
                (0..<width).map { column in
                    let value = column < row.count ? row[column] : ""
                    // By scalar: a quote followed by a combining mark is one Character.
                    var quoted = String.UnicodeScalarView(["\""])
                    for scalar in value.unicodeScalars {
                        quoted.append(scalar)
                        if scalar == "\"" { quoted.append(scalar) }
                    }
                    quoted.append("\"")
                    return String(quoted)
                }.joined(separator: ",")
            }).joined(separator: "\n")
        guard case .success(let recipients) = SampleRecipients.read(csv) else {
            fatalError("quoted CSV does not read: \(csv)")
        }
        let expected = rows.map { row in
            var object = JSONObjectBuilder()
            for (name, value) in zip(names, row) {
                let kept = SampleRecipients.trimmed(value)
                if !kept.isEmpty { object.set(name, kept) }
            }
            return JSONWriter().string(object.value)
        }
        let read = recipients.map { JSONWriter().string($0) }
        guard read == expected else {
            fatalError("quoted CSV reads back differently: \(csv) → \(read), expected \(expected)")
        }
    }
}
