/*
 * The only native code of atoll-mpi: it maps board memory, nothing else. Java reads and writes
 * the mapping through sun.misc.Unsafe, so no Java object and no signal handler is ever touched
 * here. Errors come back as negative errno values, never as exceptions.
 */
#include <jni.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
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
