// The .gpuspec language (see docs/language.md). The single source of truth for
// the surface syntax. Generated into the build tree; compiler/syntax/ turns the
// parse tree into our own AST and owns every diagnostic.
//
// Design notes:
// - Newlines are not significant and `;`/`,` between items are optional, so a
//   quantity written with a space (`80 GB`) and a following property (`2 region = ..`)
//   are told apart by ANTLR's full-context prediction: after an expression, `=`
//   cannot follow, so `2 region` is never read as a number with unit `region`.
// - Comments and stray or unterminated lexemes go to the hidden channel; the parse
//   wrapper reports the latter as diagnostics and keeps the former for `fmt`.
// - A body ends before `KIND NAME {`, which no item starts with: a declaration whose
//   `}` is missing is closed there (error recovery conjures the `}`), so the next
//   declaration is parsed as one instead of as a block of the unclosed one. On input
//   without that error the predicate never fails, so it changes no parse.
grammar GpuSpec;

@parser::members {
  // `server b {` inside a body: the start of the next declaration, not an item.
  bool startsDeclaration() {
    return _input->LA(1) == IDENT && _input->LA(2) == IDENT && _input->LA(3) == LBRACE;
  }
}

file
    : importDecl* declaration* EOF
    ;

importDecl
    : IMPORT path=STRING SEMI?
    ;

declaration
    : kind=IDENT name=IDENT body
    ;

body
    : LBRACE ({!startsDeclaration()}? item)* RBRACE
    ;

item
    : (property | block | waiver) (SEMI | COMMA)?
    ;

property
    : key=IDENT ASSIGN expr
    ;

// `key { ... }`. HCL's `key = { ... }` is accepted too: it parses as a property
// whose value is an object (see objectAtom) and becomes the same block.
block
    : key=IDENT body
    ;

// `waive RULE "reason" until = "YYYY-MM-DD"`; the reason is optional here so the
// checker can say precisely that it is missing.
waiver
    : WAIVE ruleId=IDENT reason=(STRING | TRIPLE_STRING)? (UNTIL ASSIGN until=STRING)?
    ;

// Alternatives are listed from the tightest binding to the loosest. A range `low .. high`
// binds looser than arithmetic and tighter than comparisons; sema allows it only where a
// property takes one (a price's `amount`) and checks that both ends carry the unit.
expr
    : LPAREN expr RPAREN                                   # parenExpr
    | MINUS expr                                           # negateExpr
    | expr op=(STAR | SLASH) expr                          # mulExpr
    | expr op=(PLUS | MINUS) expr                          # addExpr
    | expr DOTDOT expr                                     # rangeExpr
    | expr op=(EQ | NE | LT | LE | GT | GE | IN) expr      # compareExpr
    | NOT expr                                             # notExpr
    | expr AND expr                                        # andExpr
    | expr OR expr                                         # orExpr
    | atom                                                 # atomExpr
    ;

atom
    : count=NUMBER X ref=IDENT                             # multiplicityAtom
    | count=NUMBER_UNIT ref=IDENT                          # attachedMultiplicityAtom
    | NUMBER unit                                          # spacedQuantityAtom
    | NUMBER PERCENT                                       # spacedPercentAtom
    | NUMBER_UNIT                                          # quantityAtom
    | NUMBER                                               # numberAtom
    | STRING                                               # stringAtom
    | TRIPLE_STRING                                        # tripleStringAtom
    | TRUE                                                 # trueAtom
    | FALSE                                                # falseAtom
    | IDENT VERSION                                        # versionedAtom
    | callee=IDENT LPAREN (expr (COMMA expr)* COMMA?)? RPAREN # callAtom
    | IDENT                                                # nameAtom
    | LBRACK (expr (COMMA expr)* COMMA?)? RBRACK           # listAtom
    | body                                                 # objectAtom
    ;

unit
    : IDENT (SLASH IDENT)?
    ;

// ---------------------------------------------------------------- lexer
// compiler/syntax/fast_lexer.cpp implements these rules by hand (the generated lexer was
// 40 % of a check); change both: fast_lexer_test compares the two on every committed file.

IMPORT  : 'import';
WAIVE   : 'waive';
UNTIL   : 'until';
TRUE    : 'true';
FALSE   : 'false';
AND     : 'and';
OR      : 'or';
NOT     : 'not';
IN      : 'in';
X       : 'x';

LBRACE  : '{';
RBRACE  : '}';
LPAREN  : '(';
RPAREN  : ')';
LBRACK  : '[';
RBRACK  : ']';
EQ      : '==';
NE      : '!=';
LE      : '<=';
GE      : '>=';
LT      : '<';
GT      : '>';
ASSIGN  : '=';
PLUS    : '+';
MINUS   : '-';
STAR    : '*';
SLASH   : '/';
PERCENT : '%';
DOTDOT  : '..';
SEMI    : ';';
COMMA   : ',';

// A number; `1e3` is a number, not `1` with unit `e3` (equal length: first rule wins).
NUMBER
    : DIGITS ('.' DIGITS)? EXPONENT?
    ;

// A number with its unit or scale attached: `80GB`, `7B`, `5GB/s`, `60%`, `4x`.
NUMBER_UNIT
    : DIGITS ('.' DIGITS)? EXPONENT? ([a-zA-Z] [a-zA-Z0-9]* ('/' [a-zA-Z]+)? | '%')
    ;

// `@2.3` in `pytorch@2.3`.
VERSION
    : '@' [0-9A-Za-z] [0-9A-Za-z._+-]*
    ;

// Letters, digits, `_` and `-`, starting with a letter or `_`; dotted for namespaces,
// where a segment may start with a digit (`power.psu-1.5x-headroom`). As in HCL, `a-b`
// is one identifier: write `a - b` to subtract.
IDENT
    : [A-Za-z_] [A-Za-z0-9_-]* ('.' [A-Za-z0-9_] [A-Za-z0-9_-]*)*
    ;

TRIPLE_STRING
    : '"""' .*? '"""'
    ;

// Escapes are validated (and decoded) by the parse wrapper, so a bad one gets a precise range.
STRING
    : '"' ('\\' ~[\r\n] | ~["\\\r\n])* '"'
    ;

HASH_COMMENT  : '#' ~[\r\n]* -> channel(HIDDEN);
SLASH_COMMENT : '//' ~[\r\n]* -> channel(HIDDEN);
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN);

WS : [ \t\r\n\f\u000B\uFEFF]+ -> skip;

// Lexemes that can only end at end of input because they were never closed, and any
// stray character: hidden from the parser, reported by the wrapper.
UNTERMINATED_BLOCK_COMMENT
    : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF -> channel(HIDDEN)
    ;
UNTERMINATED_TRIPLE_STRING
    : '"""' (~'"' | '"' ~'"' | '""' ~'"')* ('"' | '""')? EOF -> channel(HIDDEN)
    ;
UNTERMINATED_STRING
    : '"' ('\\' ~[\r\n] | ~["\\\r\n])* -> channel(HIDDEN)
    ;
STRAY_CHARACTER
    : . -> channel(HIDDEN)
    ;

fragment DIGITS   : [0-9]+;
fragment EXPONENT : [eE] [+-]? [0-9]+;
