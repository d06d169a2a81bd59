import os, re, surface
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
ms = surface.parse()
PRIM = {'int': '0', 'long': '0L', 'boolean': 'false', 'double': '0.0', 'float': '0f', 'short': '(short) 0',
        'byte': '(byte) 0', 'char': "'c'"}
def arg(t):
    t = t.replace('mpi.', '')
    if t in PRIM: return PRIM[t]
    if t == 'S': t = 'Struct'
    return '(%s) null' % t
def var(cls):
    return 'v_' + cls.replace('.', '_')
seen = set()
lines = {'': []}
protected = []
classes = set()
count = 0
for m in ms:
    cls, sig = m['cls'], m['sig']
    if cls in ('Maxloc', 'Minloc') or 'mpjdev' in sig or 'mpjbuf' in sig: continue
    if m['kind'] == 'type': continue
    if m['kind'] == 'field':
        decl = re.sub(r'\s*\(inherited.*\)', '', sig)
        toks = decl.strip().split()
        i = 0
        while toks[i] in ('public', 'protected', 'static', 'final'): i += 1
        mods_type = ' '.join(toks[:i + 1]); names = ' '.join(toks[i + 1:])
        static = ' static ' in ' ' + mods_type + ' '
        pieces, depth, cur = [], 0, ''
        for ch in names:
            depth += ch == '('
            depth -= ch == ')'
            if ch == ',' and depth == 0:
                pieces.append(cur); cur = ''
            else:
                cur += ch
        pieces.append(cur)
        for n in [p.split('=')[0].strip() for p in pieces if p.strip()]:
            key = ('F', cls, n)
            if key in seen: continue
            seen.add(key); count += 1
            if 'protected' in mods_type:
                continue
            target = cls if static else var(cls)
            classes.add(cls)
            lines[''].append('        use(%s.%s); // [%s] %s' % (target, n, m['dialect'], sig[:80]))
        continue
    d = surface.method(sig)
    variants = [d['params']]
    if m['dialect'] == 'ompi' and any(t == 'Buffer' for t, _ in d['params']):
        variants.append([('Object' if t == 'Buffer' else t, n) for t, n in d['params']])
    for params in variants:
        key = ('M', cls, d['name'], tuple(t for t, _ in params))
        if key in seen: continue
        seen.add(key); count += 1
        args = ', '.join(arg(t) for t, _ in params)
        top = cls.split('.')[-1]
        if 'protected' in d['mods']:
            protected.append((cls, d, args))
            continue
        classes.add(cls)
        if d['ret'] is None:  # constructor
            if cls in ('Struct', 'UserFunction', 'User_function'): continue
            call = 'new %s(%s)' % (cls, args)
            ret = cls
        else:
            target = cls if 'static' in d['mods'] else var(cls)
            call = '%s.%s(%s)' % (target, d['name'], args)
            ret = d['ret']
        if ret == 'void':
            stmt = '%s;' % call
        else:
            if ret in ('T', 'D'): ret = 'Struct.Data'
            stmt = 'use(%s);' % call if ret not in PRIM else '%s r%d = %s;' % (ret, count, call)
        lines[''].append('        %s // [%s]' % (stmt, m['dialect']))
out = ['package org.atollmpi.api;', '', 'import java.nio.*;', 'import mpi.*;', '',
       '/**', ' * Generated from ../shared/api/openmpi-java.txt and mpijava-1.2.txt (and the array forms of',
       ' * mvapich2-j.md) by tools/api-surface/gen_test.py: references every public member a program may use, from',
       ' * outside the package, so the build fails if one is missing or its signature drifts. Never run:',
       ' * compiling it is the test. Members that exist only inside MPJ Express (mpjdev/mpjbuf types)',
       ' * and the protected members of final classes are left out (see docs/PORTING.md).',
       ' */', '@SuppressWarnings({"unused", "deprecation", "removal", "rawtypes"})',
       'final class ApiSurface {', '    static final int MEMBERS = %d;' % count, '',
       '    private ApiSurface() {', '    }', '',
       '    private static void use(Object o) {', '    }', '']
out.append('    static void everyMember() throws Throwable {')
for c in sorted(classes):
    out.append('        %s %s = null;' % (c, var(c)))
out += lines['']
out.append('    }')
# protected members, reached from subclasses as users write them
out += ['', '    /** A user struct, as Open MPI programs write them, reaching the protected members. */',
        '    static final class UserStruct extends Struct {',
        '        @Override', '        protected Data newData() {', '            return new Data();', '        }', '',
        '        final class Data extends Struct.Data {', '            void everyProtectedMember() {']
for cls, d, args in protected:
    if cls == 'Struct.Data':
        if d['ret'] in ('D',): out.append('                Struct.Data r%d = %s(%s);' % (len(out), d['name'], args.replace('(Struct) null', '(UserStruct) null')))
        elif d['ret'] == 'void': out.append('                %s(%s);' % (d['name'], args))
        else: out.append('                %s r_%s_%d = %s(%s);' % (d['ret'], d['name'], len(args), d['name'], args))
out += ['            }', '        }', '    }', '}', '']
open(os.path.join(ROOT, 'mpi-api/src/test/java/org/atollmpi/api/ApiSurface.java'), 'w').write('\n'.join(out))
print(count, 'members;', len(protected), 'protected')
for cls, d, a in protected:
    if cls != 'Struct.Data': print('  skipped protected', cls, d['name'])
