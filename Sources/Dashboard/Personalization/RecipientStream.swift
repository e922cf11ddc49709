import HTTPKit
import Personalization

/// The JSON Lines form of `…/render`: the body (bounded by the server's body limit) is read a
/// line at a time and each line's result is written as it is rendered, with its own status
/// (200 or 422), so one recipient's refusal never fails the others.
///
/// The answer is built whole before it is sent (the server has no streamed answers), and the
/// body limit does not bound it: a 1 MiB body of ten-byte lines against a template with 4 KB of
/// fixed text made a 412 MB answer and an 850 MB server. So the answer is bounded on its own
/// (`maximumAnswerBytes`): past it, the request is refused with 413 and what was built is
/// dropped, and the message says to send fewer lines or use `pushboard render`, which streams.
enum RecipientStream {
    /// The media type of both the request and the answer.
    static let mediaType = "application/x-ndjson"
    /// The most bytes an answer may hold (one line more, at most, is built before the check).
    static let maximumAnswerBytes = 64 << 20

    static func respond(
        _ body: [UInt8], line renderer: RecipientLine, maximumAnswerBytes: Int = maximumAnswerBytes
    )
        throws -> Response
    {
        var output: [UInt8] = []
        output.reserveCapacity(min(body.count * 2, maximumAnswerBytes))
        // Kept from line to line: the fast path's buffers and the kinds of line already judged.
        var scratch = RecipientScratch(for: renderer)
        var number = 0
        var start = 0
        while start < body.count {
            let end = body[start...].firstIndex(of: UInt8(ascii: "\n")) ?? body.count
            number += 1
            var slice = body[start..<end]
            if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
            let before = output.count
            let valid = renderer.render(slice, number: number, to: &output, scratch: &scratch)
            // Each line says its own status after its line number: `{"line":N,"status":422,…`.
            let status = Array((valid ? ",\"status\":200" : ",\"status\":422").utf8)
            if let comma = output[before...].firstIndex(of: UInt8(ascii: ",")) {
                output.insert(contentsOf: status, at: comma)
            }
            guard output.count <= maximumAnswerBytes else {
                throw HTTPError(
                    .requestTooLarge,
                    message:
                        "The answer passed \(maximumAnswerBytes >> 20) MiB at line \(number): send fewer lines per "
                        + "request, or render the file with pushboard render, which streams.")
            }
            start = end + 1
        }
        return Response(status: .ok, headers: ["Content-Type": mediaType], body: output)
    }
}
