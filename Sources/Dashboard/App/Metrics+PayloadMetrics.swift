/// The server's metrics count what the payload API reports (`PayloadMetrics`): conformed here,
/// in the composition root, so neither room names the other's types.
extension Metrics: PayloadMetrics {}
