/*
 * The only native code of atoll-mpi: it maps board memory and reads other processes' memory by
 * cross-memory attach, nothing else. Java reads and writes the mapping through sun.misc.Unsafe;
 * the one Java object ever touched here is a primitive array a read lands in, held for the
 * system call only. No signal handler. Errors come back as negative errno values, never as
 * exceptions.
 */
#define _GNU_SOURCE
#include <jni.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens (or creates exclusively and sizes) a board file or device and maps it shared. An
 * existing regular file smaller than the mapping yields -EAGAIN: its creator has not sized it
 * yet, and touching a page beyond its end would raise SIGBUS. */
JNIEXPORT jlong JNICALL
Java_org_atollmpi_nic_shm_NativeBoard_map0(JNIEnv *env, jclass cls, jstring jpath, jlong size, jboolean create)
{
    (void) cls;
    const char *path = (*env)->GetStringUTFChars(env, jpath, NULL);
    if (path == NULL) {
        return -ENOMEM;
    }
    int fd = create ? open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600) : open(path, O_RDWR | O_CLOEXEC);
    int err = errno;
    if (fd >= 0) {
        err = 0;
        if (create) {
            if (ftruncate(fd, (off_t) size) != 0) {
                err = errno;
                unlink(path);
            }
        } else {
            struct stat st;
            if (fstat(fd, &st) != 0) {
                err = errno;
            } else if (S_ISREG(st.st_mode) && st.st_size < (off_t) size) {
                err = EAGAIN;
            }
        }
    }
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    if (fd < 0) {
        return -err;
    }
    if (err != 0) {
        close(fd);
        return -err;
    }
    void *address = mmap(NULL, (size_t) size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    err = errno;
    close(fd);
    return address == MAP_FAILED ? -err : (jlong) (intptr_t) address;
}

/* Zeroed private memory for a board whose ranks are threads of one process; pages cost nothing
 * until touched. */
JNIEXPORT jlong JNICALL
Java_org_atollmpi_nic_shm_NativeBoard_mapAnonymous0(JNIEnv *env, jclass cls, jlong size)
{
    (void) env;
    (void) cls;
    void *address = mmap(NULL, (size_t) size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return address == MAP_FAILED ? -errno : (jlong) (intptr_t) address;
}

JNIEXPORT jint JNICALL
Java_org_atollmpi_nic_shm_NativeBoard_unmap0(JNIEnv *env, jclass cls, jlong address, jlong size)
{
    (void) env;
    (void) cls;
    return munmap((void *) (intptr_t) address, (size_t) size) == 0 ? 0 : -errno;
}

JNIEXPORT jint JNICALL
Java_org_atollmpi_nic_shm_NativeBoard_unlink0(JNIEnv *env, jclass cls, jstring jpath)
{
    (void) cls;
    const char *path = (*env)->GetStringUTFChars(env, jpath, NULL);
    if (path == NULL) {
        return -ENOMEM;
    }
    int result = unlink(path) == 0 ? 0 : -errno;
    (*env)->ReleaseStringUTFChars(env, jpath, path);
    return result;
}

JNIEXPORT jstring JNICALL
Java_org_atollmpi_nic_shm_NativeBoard_strerror0(JNIEnv *env, jclass cls, jint err)
{
    (void) cls;
    return (*env)->NewStringUTF(env, strerror(err));
}

/* Reads `length` bytes at `remote` in process `pid` (process_vm_readv: one copy, by the kernel,
 * which checks that the pages are mapped there and that this process may read them) into
 * `array` (a primitive array, `offset` bytes from its first element, pinned for the call) or,
 * when `array` is NULL, into this process's memory at address `offset`. Returns 0, or a negative
 * errno: the kernel's refusal (-EPERM, -ENOSYS under a seccomp filter, -ESRCH), or -EFAULT for
 * memory not mapped on either side; then the destination may hold part of the data. */
JNIEXPORT jint JNICALL
Java_org_atollmpi_nic_shm_ProcessMemory_read0(JNIEnv *env, jclass cls, jint pid, jlong remote, jarray array,
                                              jlong offset, jlong length)
{
    (void) cls;
    char *pinned = NULL;
    char *local;
    if (array != NULL) {
        pinned = (*env)->GetPrimitiveArrayCritical(env, array, NULL);
        if (pinned == NULL) {
            return -ENOMEM;
        }
        local = pinned + offset;
    } else {
        local = (char *) (intptr_t) offset;
    }
    size_t done = 0;
    int err = 0;
    while (done < (size_t) length) {
        struct iovec to = { local + done, (size_t) length - done };
        struct iovec from = { (void *) (intptr_t) (remote + (jlong) done), (size_t) length - done };
        ssize_t n = process_vm_readv((pid_t) pid, &to, 1, &from, 1, 0);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            err = errno;
            break;
        }
        if (n == 0) {
            err = EFAULT;
            break;
        }
        done += (size_t) n;
    }
    if (pinned != NULL) {
        (*env)->ReleasePrimitiveArrayCritical(env, array, pinned, 0);
    }
    return -err;
}

/* Under Yama's ptrace scope 1 only a process's ancestors may read it: let any process of this
 * user (the job's other ranks) do so, as Open MPI does for its CMA transport. Returns 0 or a
 * negative errno (-EINVAL where Yama is not there: nothing to allow). */
JNIEXPORT jint JNICALL
Java_org_atollmpi_nic_shm_ProcessMemory_allowReaders0(JNIEnv *env, jclass cls)
{
    (void) env;
    (void) cls;
#ifdef PR_SET_PTRACER
    return prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0) == 0 ? 0 : -errno;
#else
    return -EINVAL;
#endif
}
