"""Parses the target API lists into member specs (shared by the stub and the compile-test generators)."""
import re, sys
import os
API = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'api') + '/'
MOD = r'(?:public|protected|static|final|native|abstract|synchronized)'
def parse():
    members = []
    for fname, dialect in (('openmpi-java.txt', 'ompi'), ('mpijava-1.2.txt', 'mpijava')):
        for line in open(API + fname):
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            tag = None
            m = re.match(r'\[(\w+)\] (.*)', line)
            if m:
                tag, line = m.group(1), m.group(2)
            cls, sig = line.split(': ', 1)
            kind = 'method'
            if sig.startswith('[type]'):
                kind = 'type'; sig = sig[7:]
            elif sig.startswith('[field]'):
                kind = 'field'; sig = sig[8:]
            members.append(dict(dialect=dialect, tag=tag, cls=cls, kind=kind, sig=sig.strip()))
    return members

def split_params(p):
    out, depth, cur = [], 0, ''
    for ch in p:
        if ch == '<': depth += 1
        if ch == '>': depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip()); cur = ''
        else:
            cur += ch
    if cur.strip(): out.append(cur.strip())
    res = []
    for q in out:
        t, n = q.rsplit(' ', 1)
        res.append((t.strip(), n.strip()))
    return res

def method(sig):
    sig = re.sub(r'\s+throws\s+[\w.]+\s*$', '', sig)
    m = re.match(r'((?:%s\s+)*)(<[^>]*(?:<[^>]*>)?[^>]*>\s+)?([\w.\[\]<>]+\s+)?(\w+)\((.*)\)$' % MOD, sig)
    if not m:
        raise ValueError(sig)
    mods = m.group(1).split()
    generics = (m.group(2) or '').strip()
    ret = (m.group(3) or '').strip() or None
    name = m.group(4)
    params = split_params(m.group(5))
    return dict(mods=mods, generics=generics, ret=ret, name=name, params=params)
