# cython: language_level=3, autotestdict=False
"""A hand's XML parsed into :class:`Element` trees by expat's C handlers: the fast path of ``_xml.parse_xml``.

:func:`parse_tree` drives the expat that :mod:`xml.parsers.expat` is built on
(through the C interface that module exports for :mod:`xml.etree`), with
handlers written in C: no Python call per element. It reads only what the
slow path (``_xml._parse``, Python handlers) reads the same way and refuses
nothing itself: any syntax error, a nesting past ``MAX_DEPTH``, text that is
not XML's white space (or, with ``keep_text``, text beside child elements, or
over :data:`MAX_TEXT` bytes in one element) makes it return None, and the
caller parses the hand again the slow way, which says where and why. The
caller keeps the guard too: a hand with a ``<!`` (a declaration, a comment,
CDATA) or a ``<?`` never comes here. Lines and columns are expat's own, so
the trees are the slow path's (``tests/histories/test_histories_fast_paths.py``
compares them).
"""

cimport cython
from cpython.pycapsule cimport PyCapsule_Import
from cpython.unicode cimport PyUnicode_DecodeUTF8
from cpython.ref cimport PyObject
from libc.string cimport memcmp, memcpy, strlen, strcmp
from sys import intern

cdef extern from *:
    """
    /* the first fields of CPython's struct PyExpat_CAPI (Include/pyexpat.h), with expat's types spelled out */
    typedef void *omaha8_expat_parser;
    typedef void (*omaha8_expat_start)(void *, const char *, const char **);
    typedef void (*omaha8_expat_end)(void *, const char *);
    typedef void (*omaha8_expat_text)(void *, const char *, int);
    struct omaha8_expat_capi {
        char *magic;
        int size;
        int MAJOR_VERSION;
        int MINOR_VERSION;
        int MICRO_VERSION;
        const char *(*ErrorString)(int code);
        int (*GetErrorCode)(omaha8_expat_parser parser);
        unsigned long (*GetErrorColumnNumber)(omaha8_expat_parser parser);
        unsigned long (*GetErrorLineNumber)(omaha8_expat_parser parser);
        int (*Parse)(omaha8_expat_parser parser, const char *s, int len, int isFinal);
        omaha8_expat_parser (*ParserCreate_MM)(const char *encoding, const void *memsuite, const char *sep);
        void (*ParserFree)(omaha8_expat_parser parser);
        void (*SetCharacterDataHandler)(omaha8_expat_parser parser, omaha8_expat_text handler);
        void *SetCommentHandler;
        void *SetDefaultHandlerExpand;
        void (*SetElementHandler)(omaha8_expat_parser parser, omaha8_expat_start start, omaha8_expat_end end);
        void *SetNamespaceDeclHandler;
        void *SetProcessingInstructionHandler;
        void *SetUnknownEncodingHandler;
        void (*SetUserData)(omaha8_expat_parser parser, void *userData);
    };
    """
    ctypedef void *Parser "omaha8_expat_parser"
    ctypedef void (*StartHandler "omaha8_expat_start")(void *, const char *, const char **) noexcept
    ctypedef void (*EndHandler "omaha8_expat_end")(void *, const char *) noexcept
    ctypedef void (*TextHandler "omaha8_expat_text")(void *, const char *, int) noexcept
    struct Capi "omaha8_expat_capi":
        char *magic
        int size
        unsigned long (*GetErrorColumnNumber)(Parser parser)  # expat's current position, in a handler
        unsigned long (*GetErrorLineNumber)(Parser parser)
        int (*Parse)(Parser parser, const char *s, int len, int isFinal)
        Parser (*ParserCreate_MM)(const char *encoding, const void *memsuite, const char *sep)
        void (*ParserFree)(Parser parser)
        void (*SetCharacterDataHandler)(Parser parser, TextHandler handler)
        void (*SetElementHandler)(Parser parser, StartHandler start, EndHandler end)
        void (*SetUserData)(Parser parser, void *userData)


cdef Capi *_capi_or_null():
    """pyexpat's C interface, or NULL when its layout is not the one declared above (then every parse is slow)."""
    cdef Capi *capi
    try:
        capi = <Capi *> PyCapsule_Import("pyexpat.expat_CAPI", 0)
    except (ImportError, AttributeError):
        return NULL
    if capi == NULL or strcmp(capi.magic, b"pyexpat.expat_CAPI 1.1") != 0 or capi.size < <int> sizeof(Capi):
        return NULL
    return capi


cdef Capi *CAPI = _capi_or_null()

cdef enum:
    DEPTH = 16
    TEXT = 4096
    NAMES = 256  # the names remembered (a file's tags and attribute names are a few dozen)
    VALUES = 1024  # the values remembered
    NAME_BYTES = 24  # the longest name remembered, in bytes

#: Deepest nesting read, the wrapper counted (the formats nest four deep at most): the slow path refuses more.
MAX_DEPTH = DEPTH
#: Most bytes of text kept in one element (iPoker's cards and dates are a few words): more is read the slow way.
MAX_TEXT = TEXT


@cython.auto_pickle(False)  # a hand's parse, read where it is made: nothing to send elsewhere
@cython.final
cdef class Element:
    """An XML element: its tag, its attributes, the 1-based line and column of its start tag, its children, its
    text (only when the parse keeps text, else empty; from its first character that is not white space), and the
    line expat gives its end (its end tag's, or where an empty-element tag ``<a/>`` ends; set when read)."""

    cdef readonly str tag
    cdef readonly dict attrs
    cdef readonly object line
    cdef readonly object column
    cdef readonly list children
    cdef readonly str text
    cdef public object end_line

    def __init__(self, str tag, dict attrs, object line, object column, str text=""):
        self.tag, self.attrs, self.line, self.column, self.text = tag, attrs, line, column, text
        self.children = []
        self.end_line = line

    def __repr__(self):
        return f"<{self.tag} line {self.line}>"


cdef struct State:
    Parser parser
    PyObject *stack[DEPTH + 2]  # the open elements, the root holder first (borrowed: their parents hold them)
    int depth
    bint failed  # the slow path must read this hand
    bint keep_text
    long first  # the file line of expat's line 0
    char text[TEXT]  # the text since the last tag
    int text_len
    int seen  # the bytes of text since the last tag, white space too
    bint visible  # text_len holds more than white space


cdef inline bint _blank(const char *s, int n) noexcept:
    cdef int i
    for i in range(n):
        if s[i] != b" " and s[i] != b"\n" and s[i] != b"\t" and s[i] != b"\r":
            return False
    return True


cdef str _decoded(const char *s):
    return PyUnicode_DecodeUTF8(s, <Py_ssize_t> strlen(s), NULL)


# tag and attribute names, and short attribute values, decoded before, by a hash of their bytes: the same few
# names come in every element, and most values again and again (actions, players, cards, amounts)
cdef char _name_bytes[NAMES][NAME_BYTES]
cdef object _name_strs = [None] * NAMES
cdef char _value_bytes[VALUES][NAME_BYTES]
cdef object _value_strs = [None] * VALUES


cdef str _remembered(char (*table)[NAME_BYTES], list strs, unsigned int size, const char *s, bint interned):
    """``s`` decoded, from ``table``/``strs`` (``size`` entries) when there; ``interned``: as an interned str."""
    cdef size_t n = strlen(s)
    cdef size_t i
    cdef unsigned int h = 2166136261u
    cdef str found
    if n >= NAME_BYTES:
        return _decoded(s)
    for i in range(n):
        h = (h ^ <unsigned char> s[i]) * 16777619u
    h %= size
    found = strs[h]
    if found is not None and memcmp(table[h], s, n + 1) == 0:
        return found
    found = _decoded(s)
    if interned:
        found = intern(found)  # the readers' own constants: dict lookups find them by identity
    memcpy(table[h], s, n + 1)
    strs[h] = found
    return found


cdef void _start(void *data, const char *tag, const char **atts) noexcept:
    cdef State *state = <State *> data
    cdef Element element
    cdef dict attrs
    cdef int i = 0
    if state.failed:
        return
    # the slow path refuses an element opened inside DEPTH others (the wrapper counted); text beside a child
    # is refused there (or, with text kept, read only there)
    if state.depth >= DEPTH or state.visible:
        state.failed = True
        return
    try:
        attrs = {}
        while atts[i] != NULL:
            attrs[_remembered(_name_bytes, _name_strs, NAMES, atts[i], True)] = _remembered(
                _value_bytes, _value_strs, VALUES, atts[i + 1], False)
            i += 2
        element = Element.__new__(Element)
        element.tag = _remembered(_name_bytes, _name_strs, NAMES, tag, True)
        element.attrs = attrs
        element.line = state.first + <long> CAPI.GetErrorLineNumber(state.parser)
        element.column = <long> CAPI.GetErrorColumnNumber(state.parser) + 1
        element.children = []
        element.text = ""
        element.end_line = element.line
        (<Element> state.stack[state.depth]).children.append(element)
        state.depth += 1
        state.stack[state.depth] = <PyObject *> element
        state.text_len = state.seen = 0
    except BaseException:
        state.failed = True


cdef void _end(void *data, const char *tag) noexcept:
    cdef State *state = <State *> data
    cdef Element element
    if state.failed:
        return
    element = <Element> state.stack[state.depth]
    try:
        element.end_line = state.first + <long> CAPI.GetErrorLineNumber(state.parser)
    except BaseException:
        state.failed = True
        return
    if state.visible:
        if element.children or not state.keep_text:
            state.failed = True
            return
        try:
            element.text = PyUnicode_DecodeUTF8(state.text, state.text_len, NULL)
        except BaseException:
            state.failed = True
            return
    state.text_len = state.seen = 0
    state.visible = False
    state.depth -= 1


cdef void _text(void *data, const char *text, int n) noexcept:
    cdef State *state = <State *> data
    cdef int i
    if state.failed:
        return
    if state.keep_text:
        # every byte counted, white space too: the slow path keeps the first MAX_TEXT characters of a text
        state.seen += n
        if state.seen > TEXT:
            state.failed = True
            return
    if not state.visible:
        if _blank(text, n):
            return  # the line breaks and indents between elements: most calls
        if not state.keep_text:
            state.failed = True
            return
        state.visible = True
    for i in range(n):  # seen bounds text_len
        state.text[state.text_len + i] = text[i]
    state.text_len += n


def parse_tree(bytes document, long first, bint keep_text):
    """The root element of ``document`` (UTF-8, one root element) with lines counted from ``first`` + 1, or
    None when the slow path must read it (see the module's docstring).

    >>> root = parse_tree(b'<hand>\\n <player seat="0"/>\\n</hand>', 9, False)
    >>> [(e.tag, e.attrs, e.line, e.column) for e in root.children]
    [('player', {'seat': '0'}, 11, 2)]
    >>> parse_tree(b'<hand>text</hand>', 9, False) is None
    True
    """
    cdef State state
    cdef Element top
    cdef int done
    if CAPI == NULL or len(document) > 0x7FFFFFFF:
        return None
    top = Element("", {}, first, 1)
    state.depth = 0
    state.failed = False
    state.keep_text = keep_text
    state.first = first
    state.text_len = state.seen = 0
    state.visible = False
    state.stack[0] = <PyObject *> top
    state.parser = CAPI.ParserCreate_MM(b"utf-8", NULL, NULL)
    if state.parser == NULL:
        return None
    try:
        CAPI.SetUserData(state.parser, &state)
        CAPI.SetElementHandler(state.parser, _start, _end)
        CAPI.SetCharacterDataHandler(state.parser, _text)
        done = CAPI.Parse(state.parser, document, <int> len(document), 1)
    finally:
        CAPI.ParserFree(state.parser)
    if not done or state.failed or len(top.children) != 1:
        return None
    return top.children[0]
