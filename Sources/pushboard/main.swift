import Foundation

// Parsing and dispatch live in `CommandLineTool`; this file only hands over the arguments and
// exits with the status the command chose (CONTRACT §2: 0 ok, 1 invalid input, 2 usage or I/O).
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
