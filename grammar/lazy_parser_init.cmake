# Makes the generated parser set itself up on first use instead of at program start.
# ANTLR 4.9 writes a static `GpuSpecParser::_init` whose constructor deserialises the
# parser's ATN before main(): 2 % of the instructions of a one-file `gpuspec check`,
# which since the hand-written parser (compiler/syntax/fast_parser.h) only needs ANTLR's
# parser for a file with a syntax error. The initializer now runs in the constructor,
# once (a function-local static, so threads constructing parsers at once are safe).
#
# usage: cmake -DFILE=GpuSpecParser.cpp -P lazy_parser_init.cmake
file(READ ${FILE} text)
set(eager "GpuSpecParser::Initializer GpuSpecParser::_init;")
set(constructor "GpuSpecParser::GpuSpecParser(TokenStream *input) : Parser(input) {\n")
string(FIND "${text}" "${eager}" eager_at)
string(FIND "${text}" "${constructor}" constructor_at)
if(eager_at EQUAL -1 OR constructor_at EQUAL -1)
  message(FATAL_ERROR "lazy_parser_init.cmake: ${FILE} is not laid out as ANTLR 4.9 writes it; update the script")
endif()
string(REPLACE "${eager}" "// Set up on first use: see grammar/lazy_parser_init.cmake." text "${text}")
string(REPLACE "${constructor}" "${constructor}  static const Initializer initialized;\n  (void)initialized;\n" text "${text}")
file(WRITE ${FILE} "${text}")
